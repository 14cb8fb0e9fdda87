import {
  atom,
  type Atom,
  type PrimitiveAtom,
  type SetStateAction,
  type Setter,
  type WritableAtom,
} from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import {
  addCard,
  applyEdit,
  deleteCard,
  derive,
  duplicateCard,
  emptyData,
  initialStep,
  loadedStatuses,
  next,
  pasteCards,
  planPaste,
  previous,
  unpaste,
  setGate,
  setUnitSystem,
  submit,
  toServer,
  type Bundle,
  type CopyName,
  type Edit,
  type FormState,
  type PasteChoice,
  type PastePlan,
  type PasteReceipt,
  type StepStatus,
  type Words,
  type UnitSystem,
} from '../../engine';
import { saveProject } from '../api/projects';
import { answersKey } from './answersKey';
import type { Results } from '../../words/results';
import { persist, readSession } from './sessionWrites';

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

/** How the last save went: ok, refused because the project changed elsewhere (409), or failed. */
export type SaveOutcome =
  | { ok: true; id: string }
  | { ok: false; conflict: boolean; error: { status: number; code?: string } | null };

type Action<Args extends unknown[], R = void> = WritableAtom<null, Args, R>;

/** How a save stores the answers: as the session's project (the default), or as a new one. */
export interface SaveOptions {
  asNew?: boolean;
}

/** Whether Next or Previous moves the step shown (the default) or only records the step's status. */
export interface MoveOptions {
  move?: boolean;
}

export interface WizardAtoms {
  /** the local form model, persisted in sessionStorage under the bundle's storage.form key */
  form: WritableAtom<Record<string, unknown>, [SetStateAction<Record<string, unknown>>], void>;
  /** project id, version, results and statuses, persisted under storage.data */
  session: WritableAtom<SessionData, [SetStateAction<SessionData>], void>;
  /** the step shown: on opening, the first step with status 0, 2 or 3 */
  current: PrimitiveAtom<number>;
  /** the engine's state of the form (derived from `form` when a store first reads it) */
  state: WritableAtom<FormState, [FormState], void>;
  /** the state's unit system alone: a keystroke does not change it, so what reads it is not redrawn */
  unitSystem: Atom<UnitSystem>;
  /** one edit (a keystroke, a choice), applied at once: the key's frame draws its whole effect */
  edit: Action<[Edit]>;
  add: Action<[string]>;
  duplicate: Action<[string, number, CopyName?]>;
  remove: Action<[string, number]>;
  gate: Action<[string, boolean]>;
  /**
   * rows pasted from a spreadsheet added as cards (the columns by their headings, or as `choice` says; the
   * numbers as a reader of the page's language, the last argument, writes them)
   */
  paste: Action<
    [string, string, Words[], PasteChoice?, string?],
    { added: number; skipped: number; receipt: PasteReceipt }
  >;
  /** what a paste would add, and the cells that do not fit, before anything is added */
  planPaste: Action<[string, string, Words[], PasteChoice?, string?], Omit<PastePlan, 'state'>>;
  /** takes away the cards a paste added */
  unpaste: Action<[PasteReceipt]>;
  setUnits: Action<[UnitSystem]>;
  /**
   * Next and Previous: the current step validated, its status recorded, and the step moved to; with
   * `{ move: false }` the step shown stays (the app moves it through the address once the save is done).
   */
  next: Action<[MoveOptions?], ReturnType<typeof next>>;
  previous: Action<[MoveOptions?], ReturnType<typeof previous>>;
  submit: Action<[], ReturnType<typeof submit>>;
  patchSession: Action<[Partial<SessionData>]>;
  /**
   * saves the project (POST when new, PUT with its version); a 409 says it changed elsewhere. `asNew`
   * posts the answers as a new project, the one the session names left as it is.
   */
  save: Action<[StepStatus[]?, SaveOptions?], Promise<SaveOutcome>>;
  /** a project's answers and session (from the server); the first step to complete opens */
  load: Action<[Record<string, unknown>, Partial<SessionData>]>;
  /** a new project: form, project id, statuses and results reset */
  reset: Action<[]>;
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
 * An atom kept in sessionStorage: read when a store first uses it (so a reload, or a new store, starts from
 * what was saved), written once the browser is idle after each change (persist). Not jotai's
 * atomWithStorage: its getOnInit reads the storage once per atom, when the atom is made, so a second store
 * (a test's createStore(), a page test after another) would start from that first value until mounted.
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

/** Whether `form` holds answers the stored project (as last saved or loaded) does not. */
export function unsavedIn(data: Record<string, unknown>, session: SessionData): boolean {
  return session.project_id !== null && session.saved !== undefined && answersKey(data) !== session.saved;
}

/**
 * The atoms of one calculator, created once per bundle id: the persisted form and session, the step shown,
 * the engine's state, and the write atoms of every action of the wizard, which call the engine. They work
 * in any jotai store (createStore() alone in tests); the persisted atoms read sessionStorage when a store
 * first uses them, so a reload keeps the form and the statuses (smca: keys smca_form and smca_data).
 */
export function wizardAtoms(bundle: Bundle): WizardAtoms {
  const hit = cache.get(bundle.id);
  if (hit) return hit;
  const form = sessionAtom(bundle.storage.form, emptyData(bundle));
  const session = sessionAtom(bundle.storage.data, emptySession(bundle));
  const current = atomWithLazy(() =>
    initialStep(readSession(bundle.storage.data, emptySession(bundle)).statuses),
  );
  const state = atomWithLazy<FormState>(() =>
    derive(bundle, readSession(bundle.storage.form, emptyData(bundle)), {
      unitSystem: readSession(bundle.storage.data, emptySession(bundle)).unit_system,
    }),
  );
  const commit = (set: Setter, s: FormState) => {
    set(state, s);
    set(form, s.data);
  };
  const change = <A extends unknown[]>(f: (s: FormState, ...args: A) => FormState) =>
    atom(null, (get, set, ...args: A) => commit(set, f(get(state), ...args)));
  const patchSession = atom(null, (_get, set, p: Partial<SessionData>) =>
    set(session, (cur) => ({ ...cur, ...p })),
  );
  const atoms: WizardAtoms = {
    form,
    session,
    current,
    state,
    unitSystem: atom((get) => get(state).unitSystem),
    edit: change((s, e: Edit) => applyEdit(bundle, s, e)),
    add: change((s, key: string) => addCard(bundle, s, key)),
    duplicate: change((s, key: string, i: number, copyName?: CopyName) =>
      duplicateCard(bundle, s, key, i, copyName),
    ),
    remove: change((s, key: string, i: number) => deleteCard(bundle, s, key, i)),
    gate: change((s, key: string, open: boolean) => setGate(bundle, s, key, open)),
    paste: atom(
      null,
      (get, set, key: string, text: string, texts: Words[], choice?: PasteChoice, lang?: string) => {
        const r = pasteCards(bundle, get(state), key, text, texts, choice, lang);
        commit(set, r.state);
        return { added: r.added, skipped: r.skipped, receipt: r.receipt };
      },
    ),
    planPaste: atom(
      null,
      (get, set, key: string, text: string, texts: Words[], choice?: PasteChoice, lang?: string) => {
        const { state: _tried, ...plan } = planPaste(bundle, get(state), key, text, texts, choice, lang);
        return plan;
      },
    ),
    unpaste: change((s, receipt: PasteReceipt) => unpaste(bundle, s, receipt)),
    setUnits: atom(null, (get, set, u: UnitSystem) => {
      commit(set, setUnitSystem(bundle, get(state), u));
      set(patchSession, { unit_system: u });
    }),
    next: atom(null, (get, set, o?: MoveOptions) => {
      const r = next(get(state), get(session).statuses, get(current));
      set(patchSession, { statuses: r.statuses });
      if (o?.move !== false) set(current, r.current);
      return r;
    }),
    previous: atom(null, (get, set, o?: MoveOptions) => {
      const r = previous(get(state), get(session).statuses, get(current));
      set(patchSession, { statuses: r.statuses });
      if (o?.move !== false) set(current, r.current);
      return r;
    }),
    submit: atom(null, (get, set) => {
      const r = submit(get(state));
      set(patchSession, { statuses: r.statuses });
      return r;
    }),
    patchSession,
    save: atom(null, async (get, set, statuses?: StepStatus[], o?: SaveOptions): Promise<SaveOutcome> => {
      const answers = get(state).data;
      const cur = get(session);
      const id = o?.asNew ? undefined : (cur.project_id ?? undefined);
      const project = toServer(bundle, answers, statuses ?? cur.statuses, id);
      const r = await saveProject(`/api/${bundle.productType}`, project, id ? cur.version : null);
      if (!r.data) return { ok: false, conflict: r.error?.status === 409, error: r.error };
      const answer = r.data;
      // a changed project loses its held results; a new one takes its id from the answer
      set(session, (was) => ({
        ...was,
        project_id: answer.id,
        version: answer.version,
        results: (answer.changed && !answer.results_kept) || !id ? null : was.results,
        ...(id ? {} : { variant: null }),
        saved: answersKey(answers),
      }));
      return { ok: true, id: answer.id };
    }),
    load: atom(null, (get, set, d: Record<string, unknown>, s: Partial<SessionData>) => {
      const given = { ...emptySession(bundle), ...s };
      const loaded = derive(bundle, d, { unitSystem: given.unit_system });
      const fresh = { ...given, statuses: loadedStatuses(loaded, given.statuses) };
      commit(set, loaded);
      set(session, { ...fresh, saved: answersKey(loaded.data) });
      // a variant just made (a copy never saved since: version 1) opens on its first step, where its
      // changes begin; any other project on its first step left to complete, else its last
      set(current, given.variant && given.version === 1 ? 0 : initialStep(fresh.statuses));
    }),
    reset: atom(null, (get, set) => {
      commit(set, derive(bundle, emptyData(bundle)));
      set(session, emptySession(bundle));
      set(current, 0);
    }),
  };
  cache.set(bundle.id, atoms);
  return atoms;
}
