import { Link } from 'react-router-dom';
import { calculatorPath } from '../../projectPaths';
import type { compareRows } from '../../../words/compareText';
import { useFrame } from '../../frame';
import type { CompareMember } from '../../pageLoaders';

/**
 * The key figures of the variants side by side (the bundle's `compare.figures`), each difference from
 * variant 1 marked better or worse where the figure says which way is better, with a link to open each.
 */
export function FiguresTable({
  members,
  labels,
  figures,
}: {
  members: CompareMember[];
  labels: string[];
  figures: ReturnType<typeof compareRows>;
}) {
  const { calc, t } = useFrame();
  const name = (m: CompareMember) => m.project.name ?? '';
  return (
    <>
      {/* not a landmark of its own: the table's scroll region below carries the same name */}
      <section>
        <h2 id="compare-figures">{t('app.compare.figures')}</h2>
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t('app.compare.figures')}>
          <table className="results-table compare-table">
            <thead>
              <tr>
                <th scope="col">{t('app.compare.figure')}</th>
                {members.map((m, i) => (
                  <th scope="col" key={m.project.id}>
                    {labels[i]}
                    {name(m) !== name(members[0]!) ? <span className="chart-note"> {name(m)}</span> : null}
                    <br />
                    <Link
                      to={calculatorPath(calc, m.project.id)}
                      aria-label={t('app.compare.open', { no: m.project.variant.no })}
                    >
                      {t('app.open')}
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figures.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {row.cells.map((c, i) => (
                    <td key={members[i]!.project.id} className={c.tone ? `cmp-${c.tone}` : undefined}>
                      {members[i]!.results ? c.text : t('app.compare.not_calculated')}
                      {c.delta ? (
                        <span className="cmp-delta">
                          {' '}
                          ({c.delta}
                          <span className="visually-hidden">, {t(`app.compare.${c.tone ?? 'differs'}`)}</span>
                          )
                        </span>
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
