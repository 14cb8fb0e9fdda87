import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { evaluate, truthy } from '../../engine';
import { calculateProject, variants } from '../api/projects';
import { apiErrorText } from '../api/http';
import { Skeleton } from '../components/Skeleton';
import { apiPath } from '../calculators';
import { ResultViews } from '../results/views';
import type { Results } from '../../words/results';
import { reasonText } from '../../words/reasonText';
import { useFrame, useFrameWizard } from '../frame';
import { UnsavedChanges } from '../components/UnsavedChanges';
import { UnitSwitch } from '../components/UnitSwitch';

/** What the wizard fetches ahead of Submit: the code of the views this page draws (charts). */
export { preloadViews } from '../results/views';

type Load =
  | { state: 'IDLE' }
  | { state: 'FETCHING' }
  | { state: 'DONE'; results: Results }
  | { state: 'ERROR'; message: string; reasons: string[] };

/**
 * Results: FETCHING, then DONE or ERROR, drawn by the bundle's result views (each from the results
 * registry, shown when its `when` holds for {admin}). The calculation runs when the bundle's `calculate`
 * holds and no results are held; views that need no results (a submission panel) show at once.
 */
export function ResultsPage() {
  const { calc, t, admin, calculator } = useFrame();
  const w = useFrameWizard();
  const { results: def } = calculator.bundle;
  const navigate = useNavigate();
  const id = w.session.project_id;
  const held = w.session.results;
  const facts = { admin };
  const needsCalc = def.calculate === undefined || truthy(evaluate(def.calculate, facts));
  const offersNote = needsCalc && (def.note === undefined || truthy(evaluate(def.note, facts)));
  const [load, setLoad] = useState<Load>(
    held ? { state: 'DONE', results: held } : needsCalc ? { state: 'FETCHING' } : { state: 'IDLE' },
  );
  // Once per stored version: a project saved again from this page (its held results cleared) is
  // calculated again.
  const started = useRef<number | null | undefined>(undefined);
  const version = w.session.version;
  useEffect(() => {
    if (!needsCalc || held || started.current === version) return;
    started.current = version;
    setLoad({ state: 'FETCHING' });
    if (!id) {
      setLoad({ state: 'ERROR', message: t('app.calc_no_id'), reasons: [] });
      return;
    }
    void calculateProject(apiPath(calculator, def.path ?? '{api}/calculate/{id}', id)).then((r) => {
      if (r.data) {
        w.patchSession({ results: r.data });
        setLoad({ state: 'DONE', results: r.data });
      } else {
        const reasons = Array.isArray(r.error?.details)
          ? (r.error.details as Parameters<typeof reasonText>[0][]).map((x) =>
              reasonText(x, calculator.bundle, w.state, t),
            )
          : [];
        setLoad({
          state: 'ERROR',
          message: r.error?.status === 422 ? t('app.error') : apiErrorText(r.error, t),
          reasons,
        });
      }
    });
  }, [needsCalc, held, id, t, w, calculator, def.path, version]);

  const results = held ?? (load.state === 'DONE' ? load.results : null);
  return (
    <main className="page page-results">
      <h1>{t('app.results')}</h1>
      {results ? <UnitSwitch /> : null}
      {results ? <UnsavedChanges id="results-unsaved" /> : null}
      {load.state === 'FETCHING' ? <Skeleton label={t('app.loading')} blocks={2} /> : null}
      {load.state === 'ERROR' ? (
        <div role="alert" className="notice notice-error">
          <p>{load.message}</p>
          {load.reasons.length ? (
            <ul>
              {load.reasons.map((r) => (
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
      {results && id && calculator.bundle.compare ? <VariantActions id={id} /> : null}
      {needsCalc ? (
        <footer className="wizard-footer">
          <Link className="button-secondary" to={`/${calc}/calculator`}>
            {t('app.back_to_data')}
          </Link>
          {results && offersNote ? (
            <Link className="button-primary" to={`/${calc}/note`}>
              {t('app.complete_note')}
            </Link>
          ) : null}
        </footer>
      ) : null}
    </main>
  );
}

/**
 * Below the results of a bundle that compares variants: duplicate this project as a variant (it opens in
 * the wizard to be changed) and, once its group holds two or more, compare them.
 */
function VariantActions({ id }: { id: string }) {
  const { calc, t, calculator } = useFrame();
  const navigate = useNavigate();
  const [size, setSize] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void variants.list(calculator.api, id).then((r) => {
      if (live) setSize(r.data ? r.data.variants.length : 1);
    });
    return () => {
      live = false;
    };
  }, [calculator.api, id]);
  const duplicate = async () => {
    setBusy(true);
    const r = await variants.create(calculator.api, id);
    setBusy(false);
    if (!r.data) return setError(apiErrorText(r.error, t));
    void navigate(`/${calc}/calculator?id=${encodeURIComponent(r.data.id)}`, {
      state: { notice: t('app.variants.created', { no: r.data.no }) },
    });
  };
  if (size === null) return null;
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
