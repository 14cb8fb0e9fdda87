import { fromServer, type Bundle, type UnitSystem } from '../../engine';
import type { StoredProjectAnswer } from '../api/projects';
import type { SessionData } from './wizardAtoms';

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
