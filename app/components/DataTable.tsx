import { useEffect, useMemo, useRef, useState } from 'react';
import { useNarrow } from '../../renderers';
import { distinctLabels } from '../../words/shortLabel';

/**
 * On a phone a row's heading (a roof's name, pasted from a spreadsheet at 60 or 80 characters) keeps two
 * lines: longer names are cut in their middle, told apart from the others (distinctLabels), whole in the
 * cell's tooltip and its accessible name. Uncut, a 66-character name took six lines, and 22 roofs as many
 * phone screens.
 */
const PHONE_ROW_HEAD = 36;

/** The rows' headings as a phone shows them (cut, told apart), or null on a wider screen. */
export function usePhoneRowHeads(names: string[]): string[] | null {
  const narrow = useNarrow();
  const key = names.join('\n');
  return useMemo(() => (narrow ? distinctLabels(key.split('\n'), PHONE_ROW_HEAD) : null), [narrow, key]);
}

/** A row's heading: the name, or on a phone its cut shown and the whole in its tooltip and its name. */
export function RowHead({ name, shown }: { name: string; shown: string | undefined }) {
  return shown !== undefined && shown !== name ? (
    <th scope="row" title={name}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{name}</span>
    </th>
  ) : (
    <th scope="row">{name}</th>
  );
}

/**
 * Whether a scroll region holds more to its right than it shows: true while the user can still scroll
 * it sideways (a phone's narrow table), false once at its end or when everything fits.
 */
function useMoreToTheRight() {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setMore(el.scrollWidth - el.clientWidth - el.scrollLeft > 1);
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return { ref, more };
}

/**
 * A table of text in its own labelled, focusable scroll region: each row headed by its first cell. The
 * results summary, and under every chart the values it draws (the chart's accessible alternative). On a
 * narrow screen the row headers stay in view (sticky) while the figures scroll, and a shade with an arrow
 * at the right edge says there is more to see until the user reaches the end.
 */
export function DataTable({
  label,
  caption,
  table,
  totalRow = false,
  figures = true,
}: {
  label: string;
  caption?: string;
  table: { head: string[]; rows: string[][] };
  /** the last row is a total (the whole site) */
  totalRow?: boolean;
  /** its cells are figures with their units, kept on one line (false: answers, which may wrap) */
  figures?: boolean;
}) {
  const { ref, more } = useMoreToTheRight();
  const heads = usePhoneRowHeads(table.rows.map((r) => r[0] ?? ''));
  const scroll = (
    <div className="table-scroll-wrap" data-more={more}>
      <div ref={ref} className="table-scroll" tabIndex={0} role="region" aria-label={label}>
        <table className={`results-table${figures ? ' figures-table' : ''}${caption ? ' data-table' : ''}`}>
          {caption ? <caption className="visually-hidden">{caption}</caption> : null}
          <thead>
            <tr>
              {/* the corner above the rows' headings, when it has no words, is a plain cell: a heading with
                  nothing to say is read as an empty one */}
              {table.head.map((h, i) =>
                h === '' ? (
                  <td key={i} />
                ) : (
                  <th key={i} scope="col">
                    {h}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={i} className={totalRow && i === table.rows.length - 1 ? 'row-total' : undefined}>
                <RowHead name={row[0] ?? ''} shown={heads?.[i]} />
                {row.slice(1).map((c, j) => (
                  <td key={j}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
  // The caption is shown above the scroll region, where it wraps to the screen's width (inside, it would
  // be as wide as the table, cut on a phone); the table keeps it for screen readers.
  return caption ? (
    <>
      <p className="table-caption" aria-hidden="true">
        {caption}
      </p>
      {scroll}
    </>
  ) : (
    scroll
  );
}
