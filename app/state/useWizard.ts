import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  addCard,
  applyEdit,
  deleteCard,
  derive,
  duplicateCard,
  emptyData,
  pasteCards,
  initialStep,
  next,
  previous,
  setGate,
  setUnitSystem,
  submit,
  toServer,
  type Bundle,
  type CopyName,
  type StepStatus,
  type Edit,
  type FormState,
  type UnitSystem,
} from '../../engine';
import { saveProject } from '../api/projects';
import { afterPaint } from './afterPaint';
import { answersKey } from './answersKey';
import { emptySession, flushSession, wizardAtoms, type SessionData } from './wizardAtoms';

/** How the last save went: ok, refused because the project changed elsewhere (409), or failed. */
export type SaveOutcome =
  | { ok: true; id: string }
  | { ok: false; conflict: boolean; error: { status: number; code?: string } | null };

/**
 * The wizard of one calculator: engine state kept in step with the persisted atoms. `copyName` names a
 * duplicated card ('Toiture A (copie)').
 */
export function useWizard(bundle: Bundle, copyName?: CopyName) {
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
  // Keystrokes (`type`): the input shows the typed text at once, and the edit waits for that frame to be
  // painted, the latest one per field; the card's title, its messages and the steps follow in the next
  // frame. Every other action applies what waits first, so that it reads the answers as typed.
  const typed = useRef(new Map<string, Edit>());
  const applyTyped = useCallback(() => {
    if (typed.current.size === 0) return;
    let s = latest.current;
    for (const e of typed.current.values()) s = applyEdit(bundle, s, e);
    typed.current.clear();
    commit(s);
  }, [bundle, commit]);
  const type = useCallback(
    (e: Edit) => {
      const waiting = typed.current.size > 0;
      typed.current.delete(e.path); // the latest edit of a field goes last, after the other fields'
      typed.current.set(e.path, e);
      // drawn in the task that applies it: a key pressed meanwhile meets the input and the engine agreeing
      if (!waiting) afterPaint(() => flushSync(applyTyped));
    },
    [applyTyped],
  );
  // A page left or hidden within a frame of a keystroke keeps it.
  useEffect(() => {
    const keep = () => {
      applyTyped();
      flushSession();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      applyTyped();
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [applyTyped]);
  /** The state with every waiting keystroke applied. */
  const now = useCallback(() => {
    applyTyped();
    return latest.current;
  }, [applyTyped]);
  const edit = useCallback((e: Edit) => commit(applyEdit(bundle, now(), e)), [bundle, commit, now]);
  const add = useCallback((key: string) => commit(addCard(bundle, now(), key)), [bundle, commit, now]);
  const duplicate = useCallback(
    (key: string, i: number) => commit(duplicateCard(bundle, now(), key, i, copyName)),
    [bundle, commit, now, copyName],
  );
  const remove = useCallback(
    (key: string, i: number) => commit(deleteCard(bundle, now(), key, i)),
    [bundle, commit, now],
  );
  const gate = useCallback(
    (key: string, open: boolean) => commit(setGate(bundle, now(), key, open)),
    [bundle, commit, now],
  );
  /** Cards pasted from a spreadsheet into a step declaring repeat.paste; `optionText` reads a choice's label. */
  const paste = useCallback(
    (key: string, text: string, optionText: (label: string) => string) => {
      const r = pasteCards(bundle, now(), key, text, optionText);
      commit(r.state);
      return { added: r.added, skipped: r.skipped };
    },
    [bundle, commit, now],
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
    type,
    add,
    paste,
    duplicate,
    remove,
    gate,
    setUnits: (u: UnitSystem) => {
      commit(setUnitSystem(bundle, now(), u));
      patchSession({ unit_system: u });
    },
    /** Next: validates the current step; returns whether the wizard moved. */
    next: () => {
      const r = next(now(), session.statuses, current);
      patchSession({ statuses: r.statuses });
      setCurrent(r.current);
      return r;
    },
    previous: () => {
      const r = previous(now(), session.statuses, current);
      patchSession({ statuses: r.statuses });
      setCurrent(r.current);
      return r;
    },
    submit: () => {
      const r = submit(now());
      patchSession({ statuses: r.statuses });
      return r;
    },
    jump: (i: number) => setCurrent(i),
    /**
     * Saves the project (POST when new, PUT with its version otherwise). A changed project loses its held
     * results; a new one takes its id from the answer; a 409 says the project changed elsewhere.
     */
    save: async (statuses: StepStatus[] = session.statuses): Promise<SaveOutcome> => {
      const answers = now().data;
      const project = toServer(bundle, answers, statuses, session.project_id ?? undefined);
      const r = await saveProject(`/api/${bundle.productType}`, project, session.version);
      if (r.data) {
        const answer = r.data;
        setSession((cur) => ({
          ...cur,
          project_id: answer.id,
          version: answer.version,
          results: answer.changed && !answer.results_kept ? null : cur.results,
          saved: answersKey(answers),
        }));
        return { ok: true, id: answer.id };
      }
      return { ok: false, conflict: r.error?.status === 409, error: r.error };
    },
    patchSession,
    /**
     * Whether the form holds answers the stored project does not (edited since the last save or load,
     * browser Back without Next): the results and the PDF note are the stored project's.
     */
    unsaved: () =>
      session.project_id !== null && session.saved !== undefined && answersKey(state.data) !== session.saved,
    /** Loads a local model and statuses (a project from the server); the first step to complete opens. */
    load: (d: Record<string, unknown>, s: Partial<SessionData>) => {
      typed.current.clear(); // keystrokes in the form being replaced
      const fresh = { ...emptySession(bundle), ...s };
      const loaded = derive(bundle, d, { unitSystem: fresh.unit_system });
      commit(loaded);
      setSession({ ...fresh, saved: answersKey(loaded.data) });
      setCurrent(initialStep(fresh.statuses));
    },
    /** New project: form, project id, statuses and results reset. */
    reset: () => {
      typed.current.clear();
      commit(derive(bundle, emptyData(bundle)));
      setSession(emptySession(bundle));
      setCurrent(0);
    },
  };
}
