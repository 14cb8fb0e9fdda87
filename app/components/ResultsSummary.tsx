import type { FigureWriter } from '../../words/figures';
import { useState } from 'react';
import { useNarrow } from '../../renderers';
import { downloadFile } from '../api/download';
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
 * Above the charts: the site's verdict, the imposed volume's when the project has one, the annual table
 * (retention by volume, target met, volumes per year in the project's units), the rules the verdicts
 * follow, the Excel download, then each roof's verdict against the target in a sentence (and what it does
 * with the water other surfaces send it): the table's rows said in words, folded on a phone, where 22
 * roofs of long names made four screens of sentences before the table.
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
      <DataTable label={t('app.results_view.summary')} table={table} totalRow />
      <p className="results-sum-note">{siteSumText(results, w, t)}</p>
      {verdictRules(results, w, t).map((x) => (
        <p key={x} className="chart-note">
          {x}
        </p>
      ))}
      {xlsxUrl ? <WorkbookButton url={xlsxUrl} t={t} /> : null}
      <RoofSentences results={results} w={w} t={t} />
    </section>
  );
}

/** Each roof's verdict in a sentence, under a line that opens them; open at first on a desktop only. */
function RoofSentences({
  results,
  w,
  t,
}: {
  results: AbattementResults;
  w: FigureWriter;
  t: (k: string, p?: Record<string, unknown>) => string;
}) {
  const phone = useNarrow();
  return (
    <details className="roof-sentences" open={!phone}>
      <summary>{t('app.results_view.roof_sentences', { count: results.toitureResults.length })}</summary>
      <ul className="verdicts">
        {results.toitureResults.map((r) => (
          <li key={r.toiture.name}>
            {roofVerdict(r, results.target_mm, w, t)}
            {r.upstream ? ` ${upstreamText(r, w, t)}` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The results' workbook: asked of the server at the click and saved, or the refusal said beside the
 * button in the user's words (the project changed in another tab since this page showed it: 409).
 */
function WorkbookButton({ url, t }: { url: string; t: (k: string, p?: Record<string, unknown>) => string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    setError(await downloadFile(url, 'results.xlsx', t));
    setBusy(false);
  };
  return (
    <div className="workbook-download">
      <button type="button" className="button-secondary" disabled={busy} onClick={() => void save()}>
        {busy ? t('app.exports.preparing') : t('app.results_view.download_xlsx')}
      </button>
      {error ? (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
