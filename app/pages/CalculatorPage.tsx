import { useDeferredValue, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PreviewCtx, RenderCtx, Wizard } from '../../renderers';
import { Skeleton } from '../components/Skeleton';
import { useFrame } from '../frame';
import { useFrameWizardActions } from '../state/useWizard';
import { wizardAtoms } from '../state/wizardAtoms';
import { CalculatorHead, CalculatorTools } from './calculator/CalculatorHead';
import { LeaveGuard } from './calculator/LeaveGuard';
import { PreviewRequests } from './calculator/PreviewRequests';
import { ProjectNotice, ProjectTools } from './calculator/ProjectNotice';
import { useOpenProject } from './calculator/useOpenProject';
import { usePasteWords } from './calculator/usePasteWords';
import { useProjectSave } from './calculator/useProjectSave';
import { useRenderContext } from './calculator/useRenderContext';
import { stepPath, useStepRoute } from './calculator/useStepRoute';
import { preloadNext } from './preloadNext';
import { isHydrating } from '../ssr/drawnState';
import { calculatorPath, resultsPath } from '../projectPaths';

/**
 * The wizard of one calculator, drawn from its bundle. Each step has its address (/:calc/calculator/:step);
 * Next saves the project and moves on once it is saved (a failed save says why and stays); Submit saves
 * and goes on; ?id= loads a stored project; a save refused because the project changed elsewhere offers
 * to reload it or to keep the answers as a new project. The page reads the session and the step, not the
 * answers: the wizard's parts read their slices of the state (issue 40), so a keystroke leaves it alone.
 */
export function CalculatorPage() {
  const { calc, calculator, t, locale } = useFrame();
  const w = useFrameWizardActions();
  const bundle = calculator.bundle;
  const navigate = useNavigate();
  const location = useLocation();
  // a variant just made says so once it is open (the results page passes its message along)
  const made = (location.state as { notice?: string } | null)?.notice;
  const saving = useProjectSave(made ? { kind: 'info', text: made } : null);
  const { notice, setNotice } = saving;
  const project = useOpenProject(setNotice);
  // The step is first drawn in a deferred render (issue 40): the page's first commit draws its frame
  // and the step's shape, and opens a stored project into the store (useOpenProject, a layout effect);
  // React then draws the step, with the project's answers, in a render that yields to the browser.
  // Drawn at once, the step was drawn twice in one task that could not yield: empty, then again,
  // synchronously, with the project opened in that layout effect. A page the server drew (app/ssr) has
  // its project opened before its first drawing, and draws the step at once, as the server did.
  const [drawnFirst] = useState(isHydrating);
  const drawn = useDeferredValue(true, drawnFirst);
  // An address without the step (a project opened from its link or the history) gets it once the step is
  // drawn: the router's navigation that writes it, started sooner, held the step's first drawing back
  // until it was done (issue 40)
  const { step, go } = useStepRoute(bundle, project.opening || !drawn);
  const { ctx, slots } = useRenderContext({ ...w, current: step });
  const pasteWords = usePasteWords();

  usePreloadAfterLast(step === bundle.steps.length - 1);

  /** Saved as a new project: the address no longer names the one left behind (a reload would open it). */
  const saveAsNew = async () => {
    if (!(await saving.saveAsNew(w.statuses))) return;
    const search = new URLSearchParams(location.search);
    search.delete('id');
    const rest = search.toString();
    void navigate(stepPath(calc, step, rest ? `?${rest}` : ''), { replace: true });
  };
  const openProject = (to: string, id: string) => {
    setNotice(null);
    project.forget();
    void navigate(calculatorPath(to, id));
  };

  // A confirmation disappears after 5 s (seed 000: log messages last 5000 ms); errors stay until acted on.
  useEffect(() => {
    if (notice?.kind !== 'info' && notice?.kind !== 'saved') return;
    const timer = setTimeout(() => setNotice((n) => (n === notice ? null : n)), 5000);
    return () => clearTimeout(timer);
  }, [notice, setNotice]);

  const busy = saving.busy || project.reloading;
  return (
    <RenderCtx.Provider value={ctx}>
      <PreviewCtx.Provider value={slots}>
        <main className="page page-calculator">
          <CalculatorHead
            saving={
              saving.busy && !project.opening ? t('app.saving') : notice?.kind === 'saved' ? notice.text : ''
            }
          />
          <ProjectNotice
            notice={notice}
            busy={busy}
            onSaveAsNew={() => void saveAsNew()}
            onOpen={openProject}
            onReload={(id) => void project.reload(id)}
          />
          <CalculatorTools>
            <ProjectTools lost={notice?.kind === 'lost' || notice?.kind === 'unknown'} onOpen={openProject} />
          </CalculatorTools>
          {/* a stored project on its way: its shape, not an empty form one could start typing into */}
          {project.opening || !drawn ? (
            <Skeleton label={t('app.loading')} />
          ) : (
            <Wizard
              bundle={bundle}
              source={wizardAtoms(bundle).state}
              statuses={w.statuses}
              current={step}
              busy={busy}
              onJump={go}
              onPrevious={() => go(w.previous({ move: false }).current)}
              onNext={() => {
                // the step moves once the project is saved: a refused save keeps the user where they are
                const r = w.next({ move: false });
                if (!r.moved) return;
                void saving.save(r.statuses).then((ok) => {
                  if (ok) go(r.current);
                });
              }}
              onSubmit={() => {
                const r = w.submit();
                if (!r.valid) return;
                void saving.save(r.statuses).then((id) => {
                  // a bundle with a review checks the answers first; the review then calculates
                  if (id) void navigate(bundle.review ? `/${calc}/review` : resultsPath(calc, id));
                });
              }}
              onAdd={w.add}
              onPaste={{
                preview: (key, text, choice) => w.planPaste(key, text, pasteWords.words(), choice, locale),
                add: (key, text, choice) => w.paste(key, text, pasteWords.words(), choice, locale),
                ready: pasteWords.ready,
                undo: w.unpaste,
              }}
              onDuplicate={w.duplicate}
              onDelete={w.remove}
              onGate={w.gate}
            />
          )}
        </main>
        <PreviewRequests statuses={w.statuses} opening={project.opening} />
        <LeaveGuard />
      </PreviewCtx.Provider>
    </RenderCtx.Provider>
  );
}

/**
 * On the last step, once the browser is idle: the next pages' code (the review's, the results' and their
 * charts, the results' loader) is fetched, so that Submit shows them without waiting for the download
 * (ApexCharts: 286 KB gzip, the largest of the app).
 */
function usePreloadAfterLast(onLast: boolean) {
  const { calculator } = useFrame();
  const bundle = calculator.bundle;
  useEffect(() => {
    if (!onLast) return;
    return preloadNext(bundle, 2000, () => import('./ReviewPage'));
  }, [onLast, bundle]);
}
