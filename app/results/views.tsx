import { Fragment, Suspense, useState } from 'react';
import { evaluate, truthy, type ResultKind, type ResultView } from '../../engine';
import { submission, resultsXlsxUrl } from '../api/projects';
import { apiErrorText } from '../api/http';
import { ResultsSummary } from '../components/ResultsSummary';
import { FilePicker, fileWords, useObjectUrl } from '../components/FilePicker';
import { Skeleton } from '../components/Skeleton';
import { numberText } from '../../words/numberText';
import { stressTable } from '../../words/resultsText';
import { KeyFigures, VerdictsView } from './FiguresViews';
import { LimitersView } from './LimitersView';
import { useFigures } from './useFigures';
import { monthNames } from '../../words/dates';
import { isAbattementResults, type Results } from '../../words/results';
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

/** The monthly charts of an abattement calculation, with the axes' upper bounds the bundle gives. */
function MonthlyCharts({ r, view }: { r: Results; view: ResultView }) {
  const { t, locale } = useFrame();
  const w = useFigures();
  if (!isAbattementResults(r)) return null;
  return (
    <Suspense fallback={<Skeleton label={t('app.loading')} blocks={2} />}>
      <AbattementCharts
        key={`${locale}-${w.system}`}
        w={w}
        data={r}
        t={t}
        months={monthNames(locale)}
        axes={(view.axes as Record<string, number> | undefined) ?? {}}
      />
    </Suspense>
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
  figures: { needsResults: true, draw: ({ results }) => <KeyFigures results={results} /> },
  stress: { needsResults: true, draw: ({ results }) => <Stress r={results!} /> },
  verdict: { needsResults: true, draw: ({ results }) => <VerdictsView results={results} /> },
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
  const { t } = useFrame();
  const w = useFigures();
  const table = isAbattementResults(r) ? stressTable(r, w, t) : null;
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
  const id = useFrameWizard().session.project_id;
  const w = useFigures();
  if (!isAbattementResults(r)) return null;
  return (
    <ResultsSummary
      results={r}
      w={w}
      t={t}
      xlsxUrl={workbook && id ? resultsXlsxUrl(calculator.api, id, locale) : null}
    />
  );
}
