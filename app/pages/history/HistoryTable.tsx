import { Link, useNavigate } from 'react-router-dom';
import { evaluate, getPath, truthy, type HistoryAction } from '../../../engine';
import { dateTimeText } from '../../../words/dates';
import type { HistoryItem } from '../../api/projects';
import { apiPath } from '../../calculators';
import { RowMenu } from '../../components/RowMenu';
import { useFrame } from '../../frame';
import { groupRows, rowFacts, titleOf, variantName, type ShownRow } from './rows';

/** A row action chosen in a row's menu, with the row's group size and title (what its messages name). */
export type Pick = { row: HistoryItem; action: HistoryAction; size: number; title: string };

/**
 * The history's table: the bundle's columns (sortable ones as buttons), each project with its badges and
 * a link opening it, its variants under it, and each row's menu of the bundle's actions. `busy` while the
 * next page or order is on its way (the rows shown stay until it comes).
 */
export function HistoryTable({
  rows,
  sort,
  order,
  searching,
  busy,
  onSort,
  onPick,
}: {
  rows: HistoryItem[];
  sort: string;
  order: 'ASC' | 'DESC';
  searching: boolean;
  busy: boolean;
  onSort: (sort: string) => void;
  onPick: (pick: Pick) => void;
}) {
  const { calc, calculator, t } = useFrame();
  const { history } = calculator.bundle;
  const withMenu = history.actions.length > 0;
  const span = history.columns.length + (withMenu ? 1 : 0);
  return (
    <div
      className="table-scroll"
      tabIndex={0}
      role="region"
      aria-label={t('app.history_page.title')}
      aria-busy={busy || undefined}
    >
      <table className="history">
        <thead>
          <tr>
            {history.columns.map((c) => (
              <th
                key={c.key}
                aria-sort={sort === c.sort ? (order === 'ASC' ? 'ascending' : 'descending') : 'none'}
              >
                {c.sort ? (
                  <button
                    type="button"
                    onClick={() => onSort(c.sort!)}
                    aria-label={t('app.history_page.sort', { column: t(c.label) })}
                  >
                    {t(c.label)} {sort === c.sort ? (order === 'ASC' ? '▲' : '▼') : ''}
                  </button>
                ) : (
                  t(c.label)
                )}
              </th>
            ))}
            {withMenu ? (
              <th scope="col">
                <span className="visually-hidden">{t('app.history_page.options')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={span}>
                <p>{t('app.history_page.empty')}</p>
                {searching ? null : (
                  <Link className="button-primary" to={`/${calc}/calculator`}>
                    {t('app.history_page.start')}
                  </Link>
                )}
              </td>
            </tr>
          ) : null}
          {groupRows(rows).map((row) => (
            <HistoryRow key={row.p.id} row={row} onPick={onPick} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One project of the history: its cells, its badges and link in the first, its menu last. */
function HistoryRow({
  row: { p, size, variant, short },
  onPick,
}: {
  row: ShownRow;
  onPick: (pick: Pick) => void;
}) {
  const { calc, calculator, t, admin, locale } = useFrame();
  const { history } = calculator.bundle;
  const navigate = useNavigate();
  const open = () => void navigate(`/${calc}/calculator?id=${encodeURIComponent(p.id)}`);
  const facts = rowFacts(p, admin, size);
  const declared = history.badges
    .filter((b) => b.when === undefined || truthy(evaluate(b.when, facts)))
    .map((b) => ({
      label: t(String(evaluate(b.label, facts)), facts),
      tone: String(evaluate(b.tone, facts)),
    }));
  const badges = size > 1 && !short ? [{ label: variantName(p, t), tone: 'variant' }, ...declared] : declared;
  return (
    <tr className={variant ? 'history-row history-variant' : 'history-row'} onClick={open}>
      {history.columns.map((c, i) => {
        const v = getPath(p, c.path);
        const text = v === null || v === undefined ? '' : String(v);
        return (
          <td
            key={c.key}
            data-label={i === 0 ? undefined : t(c.label)}
            className={c.format === 'date' ? 'history-date' : undefined}
          >
            {i === 0 ? (
              <>
                {badges.map((b) => (
                  <span key={b.tone + b.label}>
                    <span className={`badge badge-${b.tone}`}>{b.label}</span>{' '}
                  </span>
                ))}
                <a
                  href={`/client/${calc}/calculator?id=${encodeURIComponent(p.id)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    open();
                  }}
                >
                  {short ? variantName(p, t) : p.name || t('app.history_page.unnamed')}
                </a>
              </>
            ) : c.format === 'date' ? (
              dateTimeText(text, locale)
            ) : (
              text
            )}
          </td>
        );
      })}
      {history.actions.length > 0 ? (
        <td onClick={(e) => e.stopPropagation()} className="row-menu">
          <RowMenu
            label={t('app.history_page.options')}
            items={history.actions
              .filter((a) => a.when === undefined || truthy(evaluate(a.when, facts)))
              .map((a) =>
                a.href
                  ? { label: t(a.label), href: apiPath(calculator, a.href, p.id) }
                  : {
                      label: t(a.label),
                      onSelect: () => onPick({ row: p, action: a, size, title: titleOf(p, size, t) }),
                    },
              )}
          />
        </td>
      ) : null}
    </tr>
  );
}
