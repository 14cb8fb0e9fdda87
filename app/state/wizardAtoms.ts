import { atom, type PrimitiveAtom, type SetStateAction, type WritableAtom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import type { Bundle, StepStatus, UnitSystem } from '../../engine';
import { emptyData, initialStep } from '../../engine';
import type { Results } from '../../words/results';
import { safeSession } from './safeStorage';
import { whenIdle } from './whenIdle';

/** The session data of a calculator (seed: project_id, results, statuses, and smca's unit_system). */
export interface SessionData {
  project_id: string | null;
  version: number | null;
  results: Results | null;
  statuses: StepStatus[];
  unit_system: UnitSystem;
  /** the project's number in its group when it is a variant (2 to 4); null for a first project */
  variant?: number | null;
  /** the answers as last saved or loaded (answersKey): the form differs from the stored project when not */
  saved?: string;
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

/**
 * Writes waiting for the browser to be idle: the latest value of each key. A keystroke changes the form
 * model; turning 100 roofs into JSON and storing them is work the keystroke's paint need not wait for.
 * Everything waiting is written when the page is hidden or left (a reload keeps it) and before anything
 * else reads or clears the storage (flushSession).
 */
const pending = new Map<string, unknown>();
let scheduled = false;

/** Writes every value waiting to sessionStorage now. */
export function flushSession(): void {
  scheduled = false;
  const storage = safeSession();
  for (const [key, value] of pending) storage.setItem(key, JSON.stringify(value));
  pending.clear();
}

function persist(key: string, value: unknown): void {
  pending.set(key, value);
  if (scheduled) return;
  scheduled = true;
  whenIdle(flushSession, 500, 50);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushSession);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushSession();
  });
}

/** The JSON stored in sessionStorage under `key`, or `initial` when missing or unreadable. */
function readSession<T>(key: string, initial: T): T {
  if (pending.has(key)) return pending.get(key) as T;
  const raw = typeof window === 'undefined' ? null : safeSession().getItem(key);
  if (raw === null) return initial;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return initial;
  }
}

/**
 * An atom kept in sessionStorage: read when a store first uses it (so a reload, or a new store, starts from
 * what was saved), written once the browser is idle after each change (persist).
 */
function sessionAtom<T>(key: string, initial: T): WritableAtom<T, [SetStateAction<T>], void> {
  const base = atomWithLazy(() => readSession(key, initial));
  return atom(
    (get) => get(base),
    (get, set, update: SetStateAction<T>) => {
      const next = typeof update === 'function' ? (update as (prev: T) => T)(get(base)) : update;
      set(base, next);
      persist(key, next);
    },
  );
}

const cache = new Map<string, WizardAtoms>();

/**
 * The atoms of one calculator, created once per bundle id. The persisted atoms read sessionStorage when a
 * store first uses them, so a reload keeps the form and the statuses (smca: keys smca_form and smca_data).
 */
export function wizardAtoms(bundle: Bundle): WizardAtoms {
  const hit = cache.get(bundle.id);
  if (hit) return hit;
  const atoms: WizardAtoms = {
    form: sessionAtom(bundle.storage.form, emptyData(bundle)),
    session: sessionAtom(bundle.storage.data, emptySession(bundle)),
    current: atomWithLazy(() => initialStep(readSession(bundle.storage.data, emptySession(bundle)).statuses)),
  };
  cache.set(bundle.id, atoms);
  return atoms;
}
