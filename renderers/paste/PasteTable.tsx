import type { PasteChoice } from '../../engine';
import { tr, useRender } from '../context';
import type { PastePreview } from '../../engine';

/**
 * The pasted rows before anything is added: each column headed by a select of the field it fills (or
 * left out), each cell that does not fit its field flagged with what the field would say.
 */
export function PasteTable({
  plan,
  labelledBy,
  redo,
}: {
  plan: PastePreview;
  /** the preview's heading, naming the table's scroll region */
  labelledBy: string;
  redo: (c: PasteChoice) => void;
}) {
  const { t } = useRender();
  const bad = new Map(plan.problems.map((p) => [`${p.row}:${p.column}`, p]));
  const columnName = (i: number) => {
    const heading = plan.headings?.[i];
    return heading
      ? t('common.paste_column_named', { n: i + 1, heading })
      : t('common.paste_column', { n: i + 1 });
  };
  return (
    <div className="table-scroll paste-table" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className="results-table">
        <thead>
          <tr>
            <th scope="col">{t('common.paste_row')}</th>
            {plan.fields.map((field, i) => (
              <th key={i} scope="col" className={field === null ? 'paste-dropped' : undefined}>
                <label className="paste-column">
                  <span className="paste-heading">{columnName(i)}</span>
                  <select
                    value={field ?? ''}
                    onChange={(e) => {
                      const to = e.target.value || null;
                      // a field fills from one column: the one that had it lets it go
                      const fields = plan.fields.map((f, j) => (j === i ? to : f === to ? null : f));
                      redo({ header: plan.header, fields });
                    }}
                  >
                    <option value="">{t('common.paste_drop')}</option>
                    {plan.targets.map((x) => (
                      <option key={x.field} value={x.field}>
                        {t(x.label)}
                      </option>
                    ))}
                  </select>
                </label>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {plan.rows.map((row, r) => (
            <tr key={r}>
              <th scope="row">{r + 1}</th>
              {row.map((cell, c) => {
                const p = bad.get(`${r}:${c}`);
                return (
                  <td
                    key={c}
                    className={
                      plan.fields[c] === null
                        ? 'paste-dropped'
                        : p
                          ? `paste-cell-bad field-severity-${p.severity}`
                          : undefined
                    }
                  >
                    {cell}
                    {p ? <span className="field-message">{tr(t, p.message)}</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
