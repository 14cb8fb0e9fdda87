import type { FigureWriter } from '../../words/figures';
import { DataTable } from './DataTable';
import {
  hasSummary,
  imposedVolumeText,
  roofVerdict,
  siteSumText,
  siteVerdict,
  summaryTable,
  upstreamText,
  verdictRules,
} from '../../words/resultsText';
import type { AbattementResults } from '../../words/results/abattement';

/**
 * Above the charts: the site's verdict, the imposed volume's when the project has one, each roof's
 * verdict against the target (and what it does with the water other surfaces send it), the rules these
 * verdicts follow, and the annual table (retention by volume, target met, volumes per year in the
 * project's units), with the Excel download.
 */
export function ResultsSummary({
  results,
  w,
  t,
  xlsxUrl,
}: {
  results: AbattementResults;
  /** the bundle's figures, written in the project's units and the page's language */
  w: FigureWriter;
  t: (k: string, p?: Record<string, unknown>) => string;
  xlsxUrl: string | null;
}) {
  if (!hasSummary(results))
    return (
      <p className="notice notice-warning" role="status">
        {t('app.results_view.old_results')}
      </p>
    );
  const table = summaryTable(results, w, t);
  return (
    <section className="results-summary-block">
      <h2 id="results-summary-title">{t('app.results_view.summary')}</h2>
      <p className="results-summary">{siteVerdict(results, w, t)}</p>
      {imposedVolumeText(results, w, t).map((x) => (
        <p key={x} className="results-imposed">
          {x}
        </p>
      ))}
      <ul className="verdicts">
        {results.toitureResults.map((r) => (
          <li key={r.toiture.name}>
            {roofVerdict(r, results.target_mm, w, t)}
            {r.upstream ? ` ${upstreamText(r, w, t)}` : ''}
          </li>
        ))}
      </ul>
      {verdictRules(results, w, t).map((x) => (
        <p key={x} className="chart-note">
          {x}
        </p>
      ))}
      <DataTable label={t('app.results_view.summary')} table={table} totalRow />
      <p className="results-sum-note">{siteSumText(results, w, t)}</p>
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
