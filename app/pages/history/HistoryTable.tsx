import { Link } from 'react-router-dom';
import type { HistoryItem } from '../../api/projects';
import { useFrame } from '../../frame';
import { HistoryRow } from './HistoryRow';
import { groupRows, type RowPick } from './rows';

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
  onPick: (pick: RowPick) => void;
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
