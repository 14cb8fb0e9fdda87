import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { StepStatus } from '../../engine';
import { PreviewCtx, RenderCtx, Wizard } from '../../renderers';
import { apiErrorText } from '../api/http';
import { Skeleton } from '../components/Skeleton';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';
import { whenIdle } from '../state/whenIdle';
import { CalculatorHead } from './calculator/CalculatorHead';
import { LeaveGuard } from './calculator/LeaveGuard';
import { ProjectNotice, ProjectTools, useForgetProject, type Notice } from './calculator/ProjectNotice';
import { useOpenProject } from './calculator/useOpenProject';
import { useRenderContext } from './calculator/useRenderContext';

/**
 * The wizard of one calculator, drawn from its bundle. Next and Submit save the project; ?id= loads a stored
 * project; #n opens step n; a save refused because the project changed elsewhere offers to reload it.
 */
export function CalculatorPage() {
  const { calc, calculator, t } = useFrame();
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
  const project = useOpenProject(setNotice);
  const { ctx, slots } = useRenderContext(w, project.opening);

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
        // and the results' loader (app/routes.tsx loads it beside the page)
        void import('../pageLoaders').catch(() => undefined);
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
  const forgetProject = useForgetProject();
  const [asNew, setAsNew] = useState(false);
  useEffect(() => {
    if (!asNew || w.session.project_id !== null) return;
    setAsNew(false);
    void save(w.statuses);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asNew, w.session.project_id]);
  const openProject = (to: string, id: string) => {
    setNotice(null);
    project.forget();
    void navigate(`/${to}/calculator?id=${encodeURIComponent(id)}`);
  };

  // A confirmation disappears after 5 s (seed 000: log messages last 5000 ms); errors stay until acted on.
  useEffect(() => {
    if (notice?.kind !== 'info' && notice?.kind !== 'saved') return;
    const timer = setTimeout(() => setNotice((n) => (n === notice ? null : n)), 5000);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <RenderCtx.Provider value={ctx}>
      <PreviewCtx.Provider value={slots}>
        <main className="page page-calculator">
          <CalculatorHead
            saving={busy && !project.opening ? t('app.saving') : notice?.kind === 'saved' ? notice.text : ''}
          />
          <ProjectNotice
            notice={notice}
            onSaveAsNew={() => {
              forgetProject();
              setAsNew(true);
            }}
            onOpen={openProject}
            onReload={(id) => void project.reload(id)}
          />
          <ProjectTools lost={notice?.kind === 'lost'} onOpen={openProject} />
          {/* a stored project on its way: its shape, not an empty form one could start typing into */}
          {project.opening ? (
            <Skeleton label={t('app.loading')} />
          ) : (
            <Wizard
              bundle={bundle}
              state={w.state}
              statuses={w.statuses}
              current={w.current}
              busy={busy || project.reloading}
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
        <LeaveGuard />
      </PreviewCtx.Provider>
    </RenderCtx.Provider>
  );
}
