import { useAtom } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import {
  addCard,
  applyEdit,
  deleteCard,
  derive,
  duplicateCard,
  emptyData,
  initialStep,
  next,
  previous,
  setGate,
  setUnitSystem,
  submit,
  toServer,
  type Bundle,
  type StepStatus,
  type Edit,
  type FormState,
  type UnitSystem,
} from '../../engine';
import { saveProject } from '../api/projects';
import { emptySession, wizardAtoms, type SessionData } from './wizardAtoms';

/** How the last save went: ok, refused because the project changed elsewhere (409), or failed. */
export type SaveOutcome =
  | { ok: true; id: string }
  | { ok: false; conflict: boolean; error: { status: number; code?: string } | null };

/** The wizard of one calculator: engine state kept in step with the persisted atoms. */
export function useWizard(bundle: Bundle) {
  const atoms = wizardAtoms(bundle);
  const [data, setData] = useAtom(atoms.form);
  const [session, setSession] = useAtom(atoms.session);
  const [current, setCurrent] = useAtom(atoms.current);
  const [state, setState] = useState<FormState>(() =>
    derive(bundle, data, { unitSystem: session.unit_system }),
  );

  // The latest state, read by the editing actions: they stay the same functions from render to render
  // (the cards that did not change are not drawn again) and two edits before a render chain correctly.
  const latest = useRef(state);
  const commit = useCallback(
    (s: FormState) => {
      latest.current = s;
      setState(s);
      setData(s.data);
    },
    [setData],
  );
  const edit = useCallback((e: Edit) => commit(applyEdit(bundle, latest.current, e)), [bundle, commit]);
  const add = useCallback((key: string) => commit(addCard(bundle, latest.current, key)), [bundle, commit]);
  const duplicate = useCallback(
    (key: string, i: number) => commit(duplicateCard(bundle, latest.current, key, i)),
    [bundle, commit],
  );
  const remove = useCallback(
    (key: string, i: number) => commit(deleteCard(bundle, latest.current, key, i)),
    [bundle, commit],
  );
  const gate = useCallback(
    (key: string, open: boolean) => commit(setGate(bundle, latest.current, key, open)),
    [bundle, commit],
  );
  const patchSession = useCallback(
    (p: Partial<SessionData>) => setSession((cur) => ({ ...cur, ...p })),
    [setSession],
  );

  return {
    bundle,
    state,
    session,
    current,
    statuses: session.statuses,
    edit,
    add,
    duplicate,
    remove,
    gate,
    setUnits: (u: UnitSystem) => {
      commit(setUnitSystem(bundle, latest.current, u));
      patchSession({ unit_system: u });
    },
    /** Next: validates the current step; returns whether the wizard moved. */
    next: () => {
      const r = next(state, session.statuses, current);
      patchSession({ statuses: r.statuses });
      setCurrent(r.current);
      return r;
    },
    previous: () => {
      const r = previous(state, session.statuses, current);
      patchSession({ statuses: r.statuses });
      setCurrent(r.current);
      return r;
    },
    submit: () => {
      const r = submit(state);
      patchSession({ statuses: r.statuses });
      return r;
    },
    jump: (i: number) => setCurrent(i),
    /**
     * Saves the project (POST when new, PUT with its version otherwise). A changed project loses its held
     * results; a new one takes its id from the answer; a 409 says the project changed elsewhere.
     */
    save: async (statuses: StepStatus[] = session.statuses): Promise<SaveOutcome> => {
      const project = toServer(bundle, state.data, statuses, session.project_id ?? undefined);
      const r = await saveProject(`/api/${bundle.productType}`, project, session.version);
      if (r.data) {
        const answer = r.data;
        setSession((cur) => ({
          ...cur,
          project_id: answer.id,
          version: answer.version,
          results: answer.changed ? null : cur.results,
        }));
        return { ok: true, id: answer.id };
      }
      return { ok: false, conflict: r.error?.status === 409, error: r.error };
    },
    patchSession,
    /** Loads a local model and statuses (a project from the server); the first step to complete opens. */
    load: (d: Record<string, unknown>, s: Partial<SessionData>) => {
      const fresh = { ...emptySession(bundle), ...s };
      commit(derive(bundle, d, { unitSystem: fresh.unit_system }));
      setSession(fresh);
      setCurrent(initialStep(fresh.statuses));
    },
    /** New project: form, project id, statuses and results reset. */
    reset: () => {
      commit(derive(bundle, emptyData(bundle)));
      setSession(emptySession(bundle));
      setCurrent(0);
    },
  };
}
