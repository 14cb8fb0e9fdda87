import { fromServer, type Bundle, type UnitSystem } from '../../engine';
import type { StoredProjectAnswer } from '../api/projects';
import type { Store } from '../loaders';
import { wizardAtoms, type SessionData } from './wizardAtoms';

/**
 * A stored project as the wizard opens it (its `load` action): the answers, and the session naming it
 * (id, version, step statuses, the results it holds, its unit system, its number among its variants).
 */
export function openedProject(
  bundle: Bundle,
  project: StoredProjectAnswer,
): { data: Record<string, unknown>; session: Partial<SessionData> } {
  const { data, statuses } = fromServer(bundle, project);
  return {
    data,
    session: {
      project_id: project.id,
      version: project.version,
      statuses,
      results: project.results ?? null,
      unit_system: (data.unit_system as UnitSystem | undefined) ?? 'METRIC',
      variant: project.variant.of === null ? null : project.variant.no,
    },
  };
}

/** The route loader's answers already opened before the page was first drawn (openAsked). */
const openedFirst = new WeakSet<object>();

/**
 * Opens the stored project a wizard's route loader brought (its answer read) into `store` before the page
 * is first drawn: what a page drawn by the server and the browser taking it over both do, so that both
 * draw the project (app/ssr). The page's own opening (useOpenProject) then leaves that answer alone.
 */
export function openAsked(
  store: Store,
  bundle: Bundle,
  asked: { answer: { data: StoredProjectAnswer | null } },
): void {
  if (!asked.answer.data) return;
  const { data, session } = openedProject(bundle, asked.answer.data);
  store.set(wizardAtoms(bundle).load, data, session);
  openedFirst.add(asked);
}

/** Whether a route loader's answer was opened before the page was drawn (openAsked). */
export const openedBeforeDrawing = (asked: object): boolean => openedFirst.has(asked);
