import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import { fromServer, type StepStatus, type UnitSystem } from '../../engine';
import { PreviewCtx, RenderCtx, Wizard, type PreviewSlots, type RenderContext } from '../../renderers';
import { fetchProject, type StoredProjectAnswer } from '../api/projects';
import type { HttpResult } from '../api/http';
import { apiErrorText } from '../api/http';
import { useFrame, useFrameWizard } from '../frame';
import { PreviewCard, PreviewPanel } from '../components/PreviewFigures';
import { usePreview } from '../state/usePreview';
import { whenIdle } from '../state/whenIdle';
import { Skeleton } from '../components/Skeleton';
import type { ProjectLoad } from '../routes';
import { UnitChoice } from '../components/UnitSwitch';
import { OpenProjectFile, PasteLink, ProjectMove } from '../components/ProjectMove';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useStepAddress } from './useStepAddress';

/**
 * The pages of a project that show its stored answers and say when the form differs (UnsavedChanges):
 * going there from the wizard is not leaving the project.
 */
const PROJECT_PAGES = new Set(['calculator', 'results', 'note', 'review', 'compare']);

/** 'saved' is said quietly beside the title; the others are banners above the wizard. */
type Notice = { kind: 'error' | 'conflict' | 'info' | 'saved' | 'lost'; text: string } | null;

/**
 * The wizard of one calculator, drawn from its bundle. Next and Submit save the project; ?id= loads a stored
 * project; #n opens step n; a save refused because the project changed elsewhere offers to reload it.
 */
export function CalculatorPage() {
  const { calc, calculator, t, locale, admin } = useFrame();
  const w = useFrameWizard();
  const bundle = calculator.bundle;
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  // a variant just made says so once it is open (the results page passes its message along)
  const [notice, setNotice] = useState<Notice>(() => {
    const made = (location.state as { notice?: string } | null)?.notice;
    return made ? { kind: 'info', text: made } : null;
  });
  // The stored project asked for by ?id=, fetched by the route's loader beside this page's code.
  const asked = useLoaderData() as ProjectLoad;
  const loaded = useRef<string | null>(null);
  // A project reloaded (after a conflict) is on its way: the form shown meanwhile is not the user's, and
  // the live preview waits for the project rather than computing the empty form (and saying what it lacks).
  const [opening, setOpening] = useState(false);
  const replaceAddress = useStepAddress(bundle.steps.length, w.current, w.jump, opening);

  const open = (r: HttpResult<StoredProjectAnswer>) => {
    if (!r.data) {
      setNotice(
        r.error?.status === 404
          ? { kind: 'lost', text: t('app.project_move.lost') }
          : { kind: 'error', text: t('app.load_failed', { message: apiErrorText(r.error, t) }) },
      );
      return;
    }
    const { data, statuses } = fromServer(bundle, r.data);
    replaceAddress();
    w.load(data, {
      project_id: r.data.id,
      version: r.data.version,
      statuses,
      results: r.data.results ?? null,
      unit_system: (data.unit_system as UnitSystem | undefined) ?? 'METRIC',
      variant: r.data.variant.of === null ? null : r.data.variant.no,
    });
  };
  // Before the first paint: the project's answers, never a glimpse of the form they replace.
  useLayoutEffect(() => {
    // once per project shown (the loader's data may be given again, revalidated, for the same one)
    if (!asked || loaded.current === asked.id) return;
    loaded.current = asked.id;
    open(asked.answer);
    // open reads the latest frame; it runs once per project asked for
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  const reload = async (id: string) => {
    setBusy(true);
    setOpening(true);
    const r = await fetchProject(calculator.api, id);
    setBusy(false);
    setOpening(false);
    setNotice(null);
    open(r);
  };

  // On the last step, once the browser is idle: the results page's code and its charts are fetched, so that
  // Submit shows them without waiting for the download (ApexCharts: 286 KB gzip, the largest of the app).
  const onLast = w.current === bundle.steps.length - 1;
  useEffect(() => {
    if (!onLast) return;
    return whenIdle(
      () => {
        // and the review's, when the bundle checks the answers before calculating
        if (bundle.review) void import('./ReviewPage').catch(() => undefined);
        void import('./ResultsPage').then((m) => m.preloadViews(bundle.results.views)).catch(() => undefined); // offline: Submit fetches them again
      },
      2000,
      200,
    );
  }, [onLast, bundle]);

  const save = async (statuses: StepStatus[]) => {
    setBusy(true);
    const r = await w.save(statuses);
    setBusy(false);
    if (r.ok) setNotice({ kind: 'saved', text: t('app.saved') });
    else
      setNotice(
        r.conflict
          ? { kind: 'conflict', text: t('app.conflict') }
          : // the project is out of this browser's reach (cookies cleared, another computer): not a dead end
            r.error?.status === 404 && w.session.project_id
            ? { kind: 'lost', text: t('app.project_move.lost') }
            : { kind: 'error', text: t('app.save_failed', { message: apiErrorText(r.error, t) }) },
      );
    return r.ok;
  };

  // "Save as a new project": the answers on screen saved without the id this browser cannot reach.
  const [asNew, setAsNew] = useState(false);
  useEffect(() => {
    if (!asNew || w.session.project_id !== null) return;
    setAsNew(false);
    void save(w.statuses);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asNew, w.session.project_id]);
  const openProject = (to: string, id: string) => {
    setNotice(null);
    loaded.current = null;
    void navigate(`/${to}/calculator?id=${encodeURIComponent(id)}`);
  };

  // A confirmation disappears after 5 s (seed 000: log messages last 5000 ms); errors stay until acted on.
  useEffect(() => {
    if (notice?.kind !== 'info' && notice?.kind !== 'saved') return;
    const timer = setTimeout(() => setNotice((n) => (n === notice ? null : n)), 5000);
    return () => clearTimeout(timer);
  }, [notice]);

  // Messages speak when they help: a field once left, or every field of a step after Next or Submit
  // (its status is then 2 or 3).
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const stepChecked = (w.statuses[w.current] ?? 0) >= 2;
  // The live preview (the bundle's `preview`): the site above the cards of its step, each card's own.
  const preview = usePreview(calculator, w.state, w.statuses, admin, opening);
  const previewStep = bundle.preview?.cards?.step ?? bundle.steps[bundle.steps.length - 1]?.key;
  const ctx = useMemo<RenderContext>(
    () => ({
      t,
      onEdit: w.edit,
      onType: w.type,
      lang: locale,
      revealed: (path) => stepChecked || touched.has(path),
      onLeave: (path) => setTouched((s) => (s.has(path) ? s : new Set(s).add(path))),
    }),
    [t, w.edit, w.type, locale, stepChecked, touched],
  );
  const slots = useMemo<PreviewSlots | null>(
    () =>
      preview === null
        ? null
        : {
            step: (key) =>
              key === previewStep ? (
                <PreviewPanel store={preview} bundle={bundle} t={t} lang={locale} />
              ) : null,
            card: (key, index) =>
              key === bundle.preview?.cards?.step ? (
                <PreviewCard store={preview} bundle={bundle} index={index} t={t} lang={locale} />
              ) : null,
          },
    [preview, previewStep, bundle, t, locale],
  );
  // Leaving the project (the history, the home, another calculator) with answers the stored project does
  // not hold asks first; its own pages say so instead, and the wizard's steps (#n) are not a departure.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    const [to, page] = nextLocation.pathname.split('/').filter(Boolean);
    return !(to === calc && page && PROJECT_PAGES.has(page)) && w.unsaved();
  });
  const units = bundle.unitSystems;
  return (
    <RenderCtx.Provider value={ctx}>
      <PreviewCtx.Provider value={slots}>
        <main className="page page-calculator">
          <div className="page-head">
            <h1>
              {t(bundle.title)}
              {w.session.variant ? (
                <>
                  {' '}
                  <span className="badge badge-variant">
                    {t('app.variants.label', { no: w.session.variant })}
                  </span>
                </>
              ) : null}
            </h1>
            {/* a quiet word while saving and once saved, in a place of its own: nothing below moves */}
            <p className="save-state" role="status">
              {busy && !opening ? t('app.saving') : notice?.kind === 'saved' ? notice.text : ''}
            </p>
          </div>
          {units.length > 1 ? (
            <UnitChoice units={units} value={w.state.unitSystem} t={t} onChange={w.setUnits} />
          ) : null}
          {notice && notice.kind !== 'saved' ? (
            <div
              className={`notice notice-${notice.kind}`}
              role={notice.kind === 'info' ? 'status' : 'alert'}
            >
              <p>{notice.text}</p>
              {notice.kind === 'lost' ? (
                <div className="project-lost">
                  <button
                    type="button"
                    onClick={() => {
                      w.patchSession({ project_id: null, version: null, results: null, variant: null });
                      setAsNew(true);
                    }}
                  >
                    {t('app.project_move.save_as_new')}
                  </button>
                  <OpenProjectFile api={calculator.api} t={t} onOpened={(id) => openProject(calc, id)} />
                  <PasteLink t={t} onOpened={openProject} />
                </div>
              ) : null}
              {notice.kind === 'conflict' && w.session.project_id ? (
                <button
                  type="button"
                  className="button-secondary"
                  onClick={() => void reload(w.session.project_id!)}
                >
                  {t('app.reload')}
                </button>
              ) : null}
            </div>
          ) : null}
          <div className="project-tools">
            {w.session.project_id && notice?.kind !== 'lost' ? (
              <ProjectMove api={calculator.api} id={w.session.project_id} t={t} />
            ) : null}
            {notice?.kind !== 'lost' ? (
              <OpenProjectFile api={calculator.api} t={t} onOpened={(id) => openProject(calc, id)} />
            ) : null}
          </div>
          {/* a stored project on its way: its shape, not an empty form one could start typing into */}
          {opening ? (
            <Skeleton label={t('app.loading')} />
          ) : (
            <Wizard
              bundle={bundle}
              state={w.state}
              statuses={w.statuses}
              current={w.current}
              busy={busy}
              onJump={w.jump}
              onPrevious={() => w.previous()}
              onNext={() => {
                const r = w.next();
                if (r.statuses[w.current] !== 3) void save(r.statuses);
              }}
              onSubmit={() => {
                const r = w.submit();
                if (!r.valid) return;
                void save(r.statuses).then((ok) => {
                  // a bundle with a review checks the answers first; the review then calculates
                  if (ok) void navigate(`/${calc}/${bundle.review ? 'review' : 'results'}`);
                });
              }}
              onAdd={w.add}
              onPaste={(key, text) => w.paste(key, text, t)}
              onDuplicate={w.duplicate}
              onDelete={w.remove}
              onGate={w.gate}
            />
          )}
        </main>
        {blocker.state === 'blocked' ? (
          <ConfirmDialog
            message={t('app.leave_unsaved.text')}
            confirm={t('app.leave_unsaved.leave')}
            cancel={t('app.leave_unsaved.stay')}
            onConfirm={() => blocker.proceed()}
            onCancel={() => blocker.reset()}
          />
        ) : null}
      </PreviewCtx.Provider>
    </RenderCtx.Provider>
  );
}
