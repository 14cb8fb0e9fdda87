/**
 * A table of text in its own labelled, focusable scroll region: each row headed by its first cell. The
 * results summary, and under every chart the values it draws (the chart's accessible alternative).
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
  const scroll = (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
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
              <th scope="row">{row[0]}</th>
              {row.slice(1).map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
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
