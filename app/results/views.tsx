import { Fragment, Suspense, useState } from 'react';
import { evaluate, truthy, type ResultKind, type ResultView } from '../../engine';
import { submission, resultsXlsxUrl } from '../api/projects';
import { apiErrorText } from '../api/http';
import { ResultsSummary } from '../components/ResultsSummary';
import { FilePicker, fileWords, useObjectUrl } from '../components/FilePicker';
import { Skeleton } from '../components/Skeleton';
import { figureText, numberText } from '../../words/numberText';
import { stressTable } from '../../words/resultsText';
import { monthNames } from '../../words/dates';
import {
  isAbattementResults,
  isFlowLimiterResults,
  isFormulasResults,
  type Results,
} from '../../words/results';
import type { Article, Limiter } from '../../words/results/flow-limiter';
import { DataTable } from '../components/DataTable';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';
import { useNavigate } from 'react-router-dom';
import { sentSummary, SentList } from './sentSummary';

import { onDemand } from './onDemand';

const charts = onDemand(
  () => import('../charts/AbattementCharts'),
  (m) => m.default,
);
const AbattementCharts = charts.Component;

/** Files the server accepts (server/files/fileType.ts), by extension, and their size limit. */
const FILE_TYPES = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'dwg',
];
const FILE_LIMIT = 10 * 1024 * 1024;

/**
 * The client's panel of a project sent to the sales team (submit-panel): what will be sent (the first two
 * steps' answers and the roofs' totals, read from the bundle's state), an optional comment and file
 * (checked for size and type before anything is sent), then the submission: the local project is reset
 * and the confirmation opens at its own address (/:calc/confirm?id=, app/pages/ConfirmPage.tsx), which a
 * reload keeps. Without a project it draws nothing: the results page says so.
 */
export function SubmitPanel() {
  const { t, locale, calculator, calc } = useFrame();
  const w = useFrameWizard();
  const navigate = useNavigate();
  const [comment, setComment] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = w.session.project_id;
  if (!id) return null;
  const { lines } = sentSummary(w.state, t, locale);
  const choose = (f: File | null) => {
    setFile(null);
    setFileError(null);
    if (!f) return;
    const ext = f.name.toLowerCase().split('.').pop() ?? '';
    if (!FILE_TYPES.includes(ext)) setFileError(t('app.sl_results.file_type'));
    else if (f.size > FILE_LIMIT)
      setFileError(
        t('app.sl_results.file_too_large', { size: `${numberText(f.size / 1024 / 1024, locale)} Mo` }),
      );
    else setFile(f);
  };
  return (
    <form
      className="card card-single sl-panel"
      onSubmit={(e) => {
        e.preventDefault();
        if (fileError) return;
        setSending(true);
        void (async () => {
          if (comment.trim()) {
            const r = await submission.comment(calculator.api, id, comment.trim());
            if (r.error) return fail(apiErrorText(r.error, t));
          }
          if (file) {
            const r = await submission.upload(calculator.api, id, file);
            if (r.error) return fail(apiErrorText(r.error, t));
          }
          const r = await submission.send(calculator.api, id);
          if (r.error || !r.data) return fail(apiErrorText(r.error, t));
          // the thank-you page in place of this one (Back leads to the wizard, not to a sent project),
          // then the local project reset (seed 000), this panel said "sending" until then
          await navigate(`/${calc}/confirm?id=${encodeURIComponent(id)}`, {
            replace: true,
            state: file ? { file: file.name } : null,
          });
          w.reset();
        })();
        function fail(message: string) {
          setError(message);
          setSending(false);
        }
      }}
    >
      <p>{t('app.sl_results.ready')}</p>
      <section aria-labelledby="sent-summary">
        <h2 id="sent-summary">{t('app.sl_results.summary_title')}</h2>
        <SentList lines={lines} />
      </section>
      <label className="field">
        <span className="field-label">{t('app.sl_results.comment')}</span>
        <textarea
          className="field-input"
          rows={4}
          maxLength={5000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      <FilePicker
        label={t('app.sl_results.file')}
        accept={FILE_TYPES.map((x) => `.${x}`).join(',')}
        files={file ? [{ name: file.name, size: file.size, image: preview }] : []}
        words={fileWords(t, locale)}
        invalid={fileError !== null}
        {...(fileError ? { describedBy: 'file-error' } : {})}
        onChoose={choose}
        onRemove={() => choose(null)}
      />
      {fileError ? (
        <p id="file-error" role="alert" className="field-message">
          {fileError}
        </p>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      <button type="submit" className="button-primary" disabled={sending}>
        {sending ? t('app.sl_results.sending') : t('app.sl_results.submit')}
      </button>
    </form>
  );
}

/**
 * The quote: every article of every roof added up (each Slowli kit counts once per drain, Retentio by
 * the roof surface in m²), with the roofs each one comes from.
 */
function ArticlesTable({ limiters }: { limiters: Limiter[] }) {
  const { t, locale } = useFrame();
  const totals = new Map<string, Article & { roofs: string[] }>();
  for (const l of limiters)
    for (const a of l.articles) {
      const cur = totals.get(a.divalto_id) ?? { ...a, quantity: 0, roofs: [] };
      cur.quantity += a.quantity;
      cur.roofs.push(l.roof_name);
      totals.set(a.divalto_id, cur);
    }
  if (!totals.size) return null;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t('app.sl_results.totals_caption')}>
      <table className="results-table">
        <caption>{t('app.sl_results.totals_caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('app.sl_results.article')}</th>
            <th scope="col">{t('app.sl_results.roof')}</th>
            <th scope="col">{t('app.sl_results.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {[...totals.values()].map((a) => (
            <tr key={a.divalto_id}>
              <th scope="row">
                {a.name} <span className="chart-note">({a.divalto_id})</span>
              </th>
              <td>{a.roofs.join(', ')}</td>
              <td>
                {numberText(a.quantity, locale, 2)} {t(`app.sl_results.article_units.${a.unit}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The limiters of a flow-limiter calculation (limiters): per roof, then the volume and leakage; with
 * `quote`, the recommended Retentio column and the quote's articles added up (the admin's view).
 */
export function LimitersView({ r, quote }: { r: Results; quote: boolean }) {
  const { t, locale } = useFrame();
  if (!isFlowLimiterResults(r)) return null;
  const limiters = r.limiters;
  const routed = r.routing !== undefined && r.routing !== null;
  return (
    <>
      {r.leakage_conform === false && !r.verdict ? (
        <p role="alert" className="notice notice-warning">
          {t('app.sl_results.leakage_excess', { diameter: r.diameter ?? '', excess: r.leakage_excess_pct })}
        </p>
      ) : null}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t('app.sl_results.limiters')}>
        <table className="results-table">
          <caption>{t('app.sl_results.limiters')}</caption>
          <thead>
            <tr>
              {[
                'roof',
                'count',
                'height_max',
                ...(routed ? ['method_height'] : []),
                'height_total',
                'leakage',
                ...(quote ? ['retentio'] : []),
              ].map((k) => (
                <th key={k} scope="col">
                  {t(`app.sl_results.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {limiters.map((l) => (
              <tr key={l.roof_name}>
                <th scope="row">{l.roof_name}</th>
                <td>{numberText(l.count, locale, 0)}</td>
                <td>{numberText(l.height_max, locale)}</td>
                {routed ? <td>{numberText(l.method_height_max, locale)}</td> : null}
                <td>{numberText(l.height_total, locale)}</td>
                <td>{numberText(l.max_leakage, locale, 4)}</td>
                {quote ? (
                  <td>
                    {l.recommended_retentio || l.articles.some((a) => a.type === 'retentio') ? '✓' : ''}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {quote ? <ArticlesTable limiters={limiters} /> : null}
      <dl className="totals">
        <div>
          <dt>{t('app.sl_results.volume')}</dt>
          <dd>{numberText(r.max_volume, locale, 4)}</dd>
        </div>
        {typeof r.method_volume === 'number' ? (
          <div>
            <dt>{t('app.sl_results.method_volume')}</dt>
            <dd>{numberText(r.method_volume, locale, 4)}</dd>
          </div>
        ) : null}
        {typeof r.imposed_volume === 'number' ? (
          <div>
            <dt>{t('app.sl_results.imposed_volume')}</dt>
            <dd>{numberText(r.imposed_volume, locale, 4)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t(r.routing ? 'app.sl_results.routed_peak' : 'app.sl_results.leakage')}</dt>
          <dd>{numberText(r.max_leakage, locale, 4)}</dd>
        </div>
        <div>
          <dt>{t('app.sl_results.lsha')}</dt>
          <dd>{numberText(r.lsha, locale, 2)}</dd>
        </div>
        {quote && r.diameter !== undefined ? (
          <div>
            <dt>{t('app.sl_results.diameter')}</dt>
            <dd>{String(r.diameter)}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}

/**
 * The verdict of a calculation (verdict): conform, conform with reservations, or not conform, each
 * finding in the calculator's words with its figures, and the rule the verdict applies.
 */
export function VerdictView({ r }: { r: Results }) {
  const { t } = useFrame();
  const v = 'verdict' in r ? r.verdict : undefined;
  if (!v) return null;
  const tone =
    v.status === 'conform' ? 'notice-info' : v.status === 'reservations' ? 'notice-warning' : 'notice-error';
  return (
    <section className={`notice ${tone} verdict`} aria-labelledby="verdict-title">
      <h2 id="verdict-title">{t('app.verdict.title')}</h2>
      <p>
        <strong>{t(`app.verdict.${v.status}`)}</strong>
      </p>
      {v.findings.length ? (
        <ul>
          {v.findings.map((f, i) => (
            <li key={`${f.code}-${i}`}>
              {f.severity === 'not_conform' ? t('app.verdict.blocking') : t('app.verdict.reservation')}{' '}
              {t(f.message, f.params)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="chart-note">{t(v.rule)}</p>
    </section>
  );
}

/** The monthly charts of an abattement calculation, with the axes' upper bounds the bundle gives. */
function MonthlyCharts({ r, view }: { r: Results; view: ResultView }) {
  const { t, locale } = useFrame();
  const w = useFrameWizard();
  if (!isAbattementResults(r)) return null;
  return (
    <Suspense fallback={<Skeleton label={t('app.loading')} blocks={2} />}>
      <AbattementCharts
        key={`${locale}-${w.session.unit_system}`}
        system={w.session.unit_system}
        data={r}
        t={t}
        months={monthNames(locale)}
        axes={(view.axes as Record<string, number> | undefined) ?? {}}
        lang={locale}
      />
    </Suspense>
  );
}

/** The figures of a `formulas` calculation: one row each, label, value and unit. */
function Figures({ r }: { r: Results }) {
  const { t, locale } = useFrame();
  return (
    <dl className="totals">
      {(isFormulasResults(r) ? r.figures : []).map((f) => (
        <div key={f.key}>
          <dt>{t(f.label)}</dt>
          <dd>{figureText(f.value, f.unit, f.digits ?? 2, t, locale)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How a view is drawn: the component, and whether it shows calculated results. */
interface Entry {
  needsResults: boolean;
  /** draws ApexCharts charts that the PDF note embeds as images (ids 'rainfall', 'roof-<name>') */
  charts?: boolean;
  /** fetches the code it draws with, when that is loaded on demand */
  preload?: () => Promise<unknown>;
  draw: (p: { view: ResultView; results: Results | null }) => React.ReactNode;
}

/** The results registry: every kind of result view a bundle may list (engine RESULT_KINDS). */
export const RESULT_VIEWS: Record<ResultKind, Entry> = {
  'submit-panel': { needsResults: false, draw: () => <SubmitPanel /> },
  limiters: {
    needsResults: true,
    draw: ({ view, results }) => <LimitersView r={results!} quote={view.quote === true} />,
  },
  summary: {
    needsResults: true,
    draw: ({ view, results }) => <Summary r={results!} workbook={view.workbook === true} />,
  },
  'monthly-charts': {
    needsResults: true,
    charts: true,
    preload: charts.preload,
    draw: ({ view, results }) => <MonthlyCharts r={results!} view={view} />,
  },
  figures: { needsResults: true, draw: ({ results }) => <Figures r={results!} /> },
  stress: { needsResults: true, draw: ({ results }) => <Stress r={results!} /> },
  verdict: { needsResults: true, draw: ({ results }) => <VerdictView r={results!} /> },
};

/**
 * A bundle's result views, in order: each drawn by its registry entry when its `when` holds for
 * {admin}, and only once there are results when it shows them.
 */
export function ResultViews({
  views,
  results,
  admin,
}: {
  views: ResultView[];
  results: Results | null;
  admin: boolean;
}) {
  return views.map((view, i) => {
    const entry = RESULT_VIEWS[view.kind as ResultKind];
    if (view.when !== undefined && !truthy(evaluate(view.when, { admin }))) return null;
    if (entry.needsResults && !results) return null;
    return <Fragment key={`${view.kind}-${i}`}>{entry.draw({ view, results })}</Fragment>;
  });
}

/** Fetches the code the views draw with (the charts' library), ahead of the results. */
export function preloadViews(views: ResultView[]): Promise<unknown> {
  return Promise.all(views.map((v) => RESULT_VIEWS[v.kind as ResultKind].preload?.()));
}

/** Whether any of the views draws charts the PDF note embeds as images. */
export function drawsCharts(views: ResultView[]): boolean {
  return views.some((v) => RESULT_VIEWS[v.kind as ResultKind].charts === true);
}

/** The climate-stress sensitivity: the site under 10 % and 20 % more rain, beside the reference. */
function Stress({ r }: { r: Results }) {
  const { t, locale } = useFrame();
  const w = useFrameWizard();
  const table = isAbattementResults(r) ? stressTable(r, w.session.unit_system, t, locale) : null;
  if (!table) return null;
  return (
    <div className="results-stress">
      <h2>{t('app.stress.title')}</h2>
      <p>{t('app.stress.intro')}</p>
      <DataTable label={t('app.stress.title')} table={table} />
    </div>
  );
}

/** The annual summary of an abattement calculation, with its workbook when the bundle offers it. */
function Summary({ r, workbook }: { r: Results; workbook: boolean }) {
  const { t, locale, calculator } = useFrame();
  const w = useFrameWizard();
  const id = w.session.project_id;
  if (!isAbattementResults(r)) return null;
  return (
    <ResultsSummary
      results={r}
      system={w.session.unit_system}
      t={t}
      lang={locale}
      xlsxUrl={workbook && id ? resultsXlsxUrl(calculator.api, id, locale) : null}
    />
  );
}
