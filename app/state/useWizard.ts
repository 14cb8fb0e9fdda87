import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import type { Bundle, CopyName } from '../../engine';
import { useFrame } from '../frame';
import { unsavedIn, wizardAtoms, type SaveOutcome } from './wizardAtoms';

export type { SaveOutcome };

/**
 * The wizard of one calculator for a component: what it reads (the engine's state, the session, the step
 * shown), to which it subscribes, and the write atoms of wizardAtoms bound to the store. Only the
 * components calling it are drawn again after an edit. `copyName` names a duplicated card ('Toiture A
 * (copie)').
 */
export function useWizard(bundle: Bundle, copyName?: CopyName) {
  const state = useAtomValue(wizardAtoms(bundle).state);
  return { ...useWizardActions(bundle, copyName), state };
}

/**
 * useWizard without the engine's state: the session and the step shown, to which it subscribes, and the
 * actions. A keystroke changes the state alone, so a component calling this is not drawn again by one
 * (the wizard's page: its parts read their own slices of the state through selectAtom, renderers/Wizard.tsx).
 */
export function useWizardActions(bundle: Bundle, copyName?: CopyName) {
  const atoms = wizardAtoms(bundle);
  const store = useStore();
  const session = useAtomValue(atoms.session);
  const current = useAtomValue(atoms.current);
  const duplicateIn = useSetAtom(atoms.duplicate);
  const duplicate = useCallback(
    (key: string, i: number) => duplicateIn(key, i, copyName),
    [duplicateIn, copyName],
  );
  const edit = useSetAtom(atoms.edit);
  const add = useSetAtom(atoms.add);
  const remove = useSetAtom(atoms.remove);
  const gate = useSetAtom(atoms.gate);
  const paste = useSetAtom(atoms.paste);
  const planPaste = useSetAtom(atoms.planPaste);
  const unpaste = useSetAtom(atoms.unpaste);
  const setUnits = useSetAtom(atoms.setUnits);
  const next = useSetAtom(atoms.next);
  const previous = useSetAtom(atoms.previous);
  const submit = useSetAtom(atoms.submit);
  const jump = useSetAtom(atoms.current);
  const save = useSetAtom(atoms.save);
  const patchSession = useSetAtom(atoms.patchSession);
  const load = useSetAtom(atoms.load);
  const reset = useSetAtom(atoms.reset);
  /**
   * Whether the form holds answers the stored project does not (edited since the last save or load,
   * browser Back without Next): the results and the PDF note are the stored project's. Read from the
   * store when asked (a blocker asks at the moment of leaving), not from this render's values.
   */
  const unsaved = useCallback(
    () => unsavedIn(store.get(atoms.form), store.get(atoms.session)),
    [store, atoms],
  );
  return {
    bundle,
    session,
    current,
    statuses: session.statuses,
    edit,
    add,
    paste,
    planPaste,
    unpaste,
    duplicate,
    remove,
    gate,
    setUnits,
    /** Next: validates the current step; returns whether the wizard moved. */
    next,
    previous,
    submit,
    jump,
    save: (statuses?: Parameters<typeof save>[0], o?: Parameters<typeof save>[1]): Promise<SaveOutcome> =>
      save(statuses, o),
    patchSession,
    unsaved,
    load,
    reset,
  };
}

/**
 * The current calculator's wizard (app/state/wizardAtoms.ts): a page or part that reads it subscribes to
 * it; the frame does not, so an edit redraws only what reads the answers.
 */
export function useFrameWizard() {
  const { calculator, copyName } = useFrame();
  return useWizard(calculator.bundle, copyName);
}

/** The current calculator's useWizardActions: subscribes to the session and the step, not the state. */
export function useFrameWizardActions() {
  const { calculator, copyName } = useFrame();
  return useWizardActions(calculator.bundle, copyName);
}
