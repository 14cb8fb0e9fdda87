import { useEffect, useState } from 'react';
import { calculatorPath, notePath } from '../projectPaths';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router-dom';
import { evaluate, truthy } from '../../engine';
import { variants } from '../api/projects';
import type { ResultsLoad } from '../pageLoaders';
import { apiErrorText } from '../api/http';
import { Skeleton } from '../components/Skeleton';
import { ResultViews } from '../results';
import { ExportButtons } from '../results/ExportButtons';
import { reasonText } from '../../words/reasonText';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';
import { UnsavedChanges } from '../components/UnsavedChanges';
import { ProjectName } from '../components/ProjectName';
import { UnitSwitch } from '../components/UnitSwitch';
import { ProjectNotice, type Notice } from './calculator/ProjectNotice';

/** What the wizard fetches ahead of Submit: the code of the views this page draws (charts). */
export { preloadViews } from '../results';

/**
 * Results: FETCHING, then DONE or ERROR, drawn by the bundle's result views (each from the results
 * registry, shown when its `when` holds for {admin}). The address names the project (?id=, opened in the
 * wizard by the route's loader when it was not the wizard's); one this browser cannot read is said as the
 * calculator says it, and nothing else is shown. The calculation runs when the bundle's `calculate` holds
 * and no results are held; views that need no results (a submission panel) show at once.
 */
export function ResultsPage() {
  const { calc, t, admin, calculator } = useFrame();
  const w = useFrameWizard();
  const { results: def } = calculator.bundle;
  const navigate = useNavigate();
  // the results came with the route (app/pageLoaders.ts resultsLoader), calculated when none were held
  const load = useLoaderData() as ResultsLoad;
  const { needsCalc, id } = load;
  // the wizard's session is the address's project's (the loader opened it), until a save gives another id
  const mine = id !== null && id === w.session.project_id;
  const held = mine ? w.session.results : null;
  const facts = { admin };
  const offersNote = needsCalc && (def.note === undefined || truthy(evaluate(def.note, facts)));
  // a project saved again from this page (its held results cleared) is calculated again
  const revalidator = useRevalidator();
  const stale = needsCalc && mine && !held && load.version !== w.session.version;
  useEffect(() => {
    if (stale && revalidator.state === 'idle') void revalidator.revalidate();
  }, [stale, revalidator]);
  if (load.unread) return <Unread error={load.unread} />;
  const fetching = stale || revalidator.state === 'loading';
  const failure = fetching
    ? null
    : load.noId
      ? { message: t('app.calc_no_id'), reasons: [] as string[] }
      : load.error
        ? {
            message: load.error.status === 422 ? t('app.error') : apiErrorText(load.error, t),
            reasons: Array.isArray(load.error.details)
              ? (load.error.details as Parameters<typeof reasonText>[0][]).map((x) =>
                  reasonText(x, calculator.bundle, w.state, t),
                )
              : [],
          }
        : null;

  const results = held ?? (fetching ? null : load.results);
  return (
    <main className="page page-results">
      <h1>{t('app.results')}</h1>
      <ProjectName page={t('app.results')} />
      {results ? <UnitSwitch /> : null}
      {results ? <UnsavedChanges id="results-unsaved" /> : null}
      {fetching ? <Skeleton label={t('app.loading')} blocks={2} /> : null}
      {failure ? (
        <div role="alert" className="notice notice-error">
          <p>{failure.message}</p>
          {failure.reasons.length ? (
            <ul>
              {failure.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          ) : null}
          <button
            type="button"
            className="button-warning"
            onClick={() => void navigate(`/${calc}/calculator`)}
          >
            {t('app.back_to_calculator')}
          </button>
        </div>
      ) : null}
      <ResultViews views={def.views} results={results} admin={admin} />
      {results ? (
        <ExportButtons page="results" id={id} version={w.session.version} disabled={w.unsaved()} />
      ) : null}
      {results && id && load.group !== null ? <VariantActions id={id} size={load.group} /> : null}
      {needsCalc && !failure ? (
        <footer className="wizard-footer">
          {results && offersNote ? (
            <>
              {/* on a phone an arrow, so that the pinned bar keeps one line over the table's first rows */}
              <Link
                className="button-secondary results-back"
                to={`/${calc}/calculator`}
                title={t('app.back_to_data')}
                aria-label={t('app.back_to_data')}
              >
                <span className="results-back-arrow" aria-hidden="true">
                  ←
                </span>
                <span className="results-back-words" aria-hidden="true">
                  {t('app.back_to_data')}
                </span>
              </Link>
              <Link className="button-primary" to={notePath(calc, id)}>
                {t('app.complete_note')}
              </Link>
            </>
          ) : (
            // alone in the bar (no note: sl), it has the room for its words; an arrow alone said nothing
            <Link className="button-secondary" to={`/${calc}/calculator`}>
              {t('app.back_to_data')}
            </Link>
          )}
        </footer>
      ) : null}
    </main>
  );
}

/**
 * The results of a project this browser cannot read (unknown, or another owner's: 404), said as the
 * calculator says it of its ?id=, with the same ways to open it (its file, its link); another failure
 * says why. The wizard's own project is not shown in its place.
 */
function Unread({ error }: { error: NonNullable<ResultsLoad['unread']> }) {
  const { calc, t } = useFrame();
  const navigate = useNavigate();
  const open = (to: string, project: string) => void navigate(calculatorPath(to, project));
  const notice: Notice =
    error.status === 404
      ? { kind: 'unknown', text: t('app.project_move.unknown') }
      : { kind: 'error', text: t('app.load_failed', { message: apiErrorText(error, t) }) };
  return (
    <main className="page page-results">
      <h1>{t('app.results')}</h1>
      <ProjectNotice notice={notice} onOpen={open} />
      <button type="button" className="button-secondary" onClick={() => void navigate(`/${calc}/calculator`)}>
        {t('app.back_to_calculator')}
      </button>
    </main>
  );
}

/**
 * Below the results of a bundle that compares variants: duplicate this project as a variant (it opens in
 * the wizard to be changed) and, once its group (of `size`, read by the route's loader) holds two or
 * more, compare them.
 */
function VariantActions({ id, size }: { id: string; size: number }) {
  const { calc, t, calculator } = useFrame();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const duplicate = async () => {
    setBusy(true);
    const r = await variants.create(calculator.api, id);
    setBusy(false);
    if (!r.data) return setError(apiErrorText(r.error, t));
    void navigate(calculatorPath(calc, r.data.id), {
      state: { notice: t('app.variants.created', { no: r.data.no }) },
    });
  };
  return (
    <section className="variant-actions" aria-label={t('app.variants.compare')}>
      {size < 4 ? (
        <button type="button" className="button-secondary" disabled={busy} onClick={() => void duplicate()}>
          {t('app.variants.duplicate')}
        </button>
      ) : null}
      {size > 1 ? (
        <Link className="button-secondary" to={`/${calc}/compare?id=${encodeURIComponent(id)}`}>
          {t('app.variants.compare')}
        </Link>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
    </section>
  );
}
