import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useParams } from 'react-router-dom';
import { fetchProject, type StoredProjectAnswer } from '../../api/projects';
import { apiErrorText, type HttpResult } from '../../api/http';
import { useFrame } from '../../frame';
import { openedBeforeDrawing, openedProject } from '../../state/openedProject';
import { useFrameWizardActions } from '../../state/useWizard';
import type { ProjectLoad } from '../../loaders';
import type { Notice } from './ProjectNotice';

/**
 * The stored project of the wizard: the one asked for by ?id= (fetched by the route's loader beside the
 * page's code) opened before the first paint, and `reload` reading it again (after a conflict). `opening`
 * while one is on its way: the form shown meanwhile is not the user's, and the step's address waits
 * (useStepRoute). A project that cannot be read says why through `say`.
 */
export function useOpenProject(say: (notice: Notice) => void) {
  const { calculator, t } = useFrame();
  const w = useFrameWizardActions();
  const bundle = calculator.bundle;
  const asked = useLoaderData() as ProjectLoad;
  const loaded = useRef<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const { step } = useParams();
  // an address naming a project out of reach stops naming it, once the step is in the address (its own
  // replacement, useStepRoute, would otherwise bring the old search back)
  const [unnamed, setUnnamed] = useState(false);
  useEffect(() => {
    if (!unnamed || step === undefined) return;
    setUnnamed(false);
    const search = new URLSearchParams(location.search);
    search.delete('id');
    const rest = search.toString();
    void navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [unnamed, step, location, navigate]);

  const open = (r: HttpResult<StoredProjectAnswer>, id: string) => {
    if (!r.data) {
      if (r.error?.status !== 404)
        say({ kind: 'error', text: t('app.load_failed', { message: apiErrorText(r.error, t) }) });
      else if (id === w.session.project_id)
        // the project shown is out of reach now (cookies cleared…): its answers are still on screen
        say({ kind: 'lost', text: t('app.project_move.lost') });
      else {
        // an address naming a project this browser cannot reach: the form is not that project's, and
        // the address stops naming it (a reload would say the same again)
        say({ kind: 'unknown', text: t('app.project_move.unknown') });
        setUnnamed(true);
      }
      return;
    }
    const { data, session } = openedProject(bundle, r.data);
    w.load(data, session);
  };
  // Before the first paint: the project's answers, never a glimpse of the form they replace.
  useLayoutEffect(() => {
    // once per project shown (the loader's data may be given again, revalidated, for the same one)
    if (!asked || loaded.current === asked.id) return;
    loaded.current = asked.id;
    // a page drawn by the server, taken over by the browser, opened it before drawing (app/ssr)
    if (openedBeforeDrawing(asked)) return;
    open(asked.answer, asked.id);
    // open reads the latest frame; it runs once per project asked for
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  const reload = async (id: string) => {
    setBusy(true);
    setOpening(true);
    const r = await fetchProject(calculator.api, id);
    setBusy(false);
    setOpening(false);
    say(null);
    open(r, id);
  };
  /** Another project is about to be asked for by the address: it opens even if it is the one shown. */
  const forget = () => {
    loaded.current = null;
  };
  return { opening, reloading: busy, reload, forget };
}
