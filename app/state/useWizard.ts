import { useAtom } from 'jotai';
import { useCallback, useState } from 'react';
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
  type Bundle,
  type Edit,
  type FormState,
  type UnitSystem,
} from '../../engine';
import { emptySession, wizardAtoms, type SessionData } from './wizardAtoms';

/** The wizard of one calculator: engine state kept in step with the persisted atoms. */
export function useWizard(bundle: Bundle) {
  const atoms = wizardAtoms(bundle);
  const [data, setData] = useAtom(atoms.form);
  const [session, setSession] = useAtom(atoms.session);
  const [current, setCurrent] = useAtom(atoms.current);
  const [state, setState] = useState<FormState>(() =>
    derive(bundle, data, { unitSystem: session.unit_system }),
  );

  const commit = useCallback(
    (s: FormState) => {
      setState(s);
      setData(s.data);
    },
    [setData],
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
    edit: (e: Edit) => commit(applyEdit(bundle, state, e)),
    add: (key: string) => commit(addCard(bundle, state, key)),
    duplicate: (key: string, i: number) => commit(duplicateCard(bundle, state, key, i)),
    remove: (key: string, i: number) => commit(deleteCard(bundle, state, key, i)),
    gate: (key: string, open: boolean) => commit(setGate(bundle, state, key, open)),
    setUnits: (u: UnitSystem) => {
      commit(setUnitSystem(bundle, state, u));
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
