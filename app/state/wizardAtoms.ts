import { atom, type PrimitiveAtom, type SetStateAction, type WritableAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { SyncStorage } from 'jotai/vanilla/utils/atomWithStorage';
import type { Bundle, StepStatus, UnitSystem } from '../../engine';
import { emptyData, initialStep } from '../../engine';

/** The session data of a calculator (seed: project_id, results, statuses, and smca's unit_system). */
export interface SessionData {
  project_id: string | null;
  version: number | null;
  results: unknown;
  statuses: StepStatus[];
  unit_system: UnitSystem;
}

export interface WizardAtoms {
  /** the local form model, persisted in sessionStorage under the bundle's storage.form key */
  form: WritableAtom<Record<string, unknown>, [SetStateAction<Record<string, unknown>>], void>;
  /** project id, version, results and statuses, persisted under storage.data */
  session: WritableAtom<SessionData, [SetStateAction<SessionData>], void>;
  /** the step shown: on opening, the first step with status 0, 2 or 3 */
  current: PrimitiveAtom<number>;
}

/** A new session for a bundle: no project, every status 0, the first unit system. */
export function emptySession(bundle: Bundle): SessionData {
  return {
    project_id: null,
    version: null,
    results: null,
    statuses: bundle.steps.map(() => 0 as StepStatus),
    unit_system: bundle.unitSystems[0] ?? 'METRIC',
  };
}

/** JSON in sessionStorage, read synchronously; unreadable or missing entries give the initial value. */
function sessionJson<T>(): SyncStorage<T> {
  return {
    getItem: (key, initial) => {
      const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key);
      if (raw === null) return initial;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return initial;
      }
    },
    setItem: (key, value) => sessionStorage.setItem(key, JSON.stringify(value)),
    removeItem: (key) => sessionStorage.removeItem(key),
  };
}

const cache = new Map<string, WizardAtoms>();

/**
 * The atoms of one calculator, created once per bundle id. Both persisted atoms read sessionStorage when
 * first used, so a reload keeps the form and the statuses (smca: keys smca_form and smca_data).
 */
export function wizardAtoms(bundle: Bundle): WizardAtoms {
  const hit = cache.get(bundle.id);
  if (hit) return hit;
  const atoms: WizardAtoms = {
    form: atomWithStorage(bundle.storage.form, emptyData(bundle), sessionJson<Record<string, unknown>>(), {
      getOnInit: true,
    }),
    session: atomWithStorage(bundle.storage.data, emptySession(bundle), sessionJson<SessionData>(), {
      getOnInit: true,
    }),
    current: atom(
      initialStep(sessionJson<SessionData>().getItem(bundle.storage.data, emptySession(bundle)).statuses),
    ),
  };
  cache.set(bundle.id, atoms);
  return atoms;
}
