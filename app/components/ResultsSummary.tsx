import type { UnitSystem } from '../../engine';
import {
  hasSummary,
  roofVerdict,
  siteVerdict,
  summaryTable,
  type AbattementView,
} from '../../renderers/resultsText';

/**
 * Above the charts: the site's verdict, each roof's verdict against the target, and the annual table
 * (retention by volume, target met, volumes per year in the project's units), with the Excel download.
 */
export function ResultsSummary({
  results,
  system,
  t,
  lang,
  xlsxUrl,
}: {
  results: AbattementView;
  system: UnitSystem;
  t: (k: string, p?: Record<string, unknown>) => string;
  lang: string;
  xlsxUrl: string | null;
}) {
  if (!hasSummary(results))
    return (
      <p className="notice notice-warning" role="status">
        {t('app.results_view.old_results')}
      </p>
    );
  const table = summaryTable(results, system, t, lang);
  return (
    <section className="results-summary-block">
      <h2 id="results-summary-title">{t('app.results_view.summary')}</h2>
      <p className="results-summary">{siteVerdict(results, system, t, lang)}</p>
      <ul className="verdicts">
        {results.toitureResults.map((r) => (
          <li key={r.toiture.name}>{roofVerdict(r, results.target_mm, system, t, lang)}</li>
        ))}
      </ul>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="results-summary-title">
        <table className="results-table">
          <thead>
            <tr>
              {table.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={i} className={i === table.rows.length - 1 ? 'row-total' : undefined}>
                <th scope="row">{row[0]}</th>
                {row.slice(1).map((c, j) => (
                  <td key={j}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {xlsxUrl ? (
        <p>
          <a className="button-secondary" href={xlsxUrl} download>
            {t('app.results_view.download_xlsx')}
          </a>
        </p>
      ) : null}
    </section>
  );
}
