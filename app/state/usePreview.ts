import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  evaluate,
  samePreviewInput,
  toServer,
  truthy,
  type FormState,
  type PreviewValues,
  type StepStatus,
} from '../../engine';
import { http } from '../api/http';
import type { Calculator } from '../calculators';

/** The live preview's state: the figures of the answers as typed, or why there are none yet. */
export type Preview =
  | { state: 'computing'; values: PreviewValues | null }
  | { state: 'ready'; values: PreviewValues }
  | {
      state: 'missing';
      reasons: {
        code?: string;
        field?: string;
        rule_message?: { key: string; params?: Record<string, unknown> };
      }[];
      form: FormState;
    }
  | { state: 'failed' };

/**
 * The preview as a small store of its own: the figures it draws subscribe to it, so that a preview on
 * its way or arriving redraws them alone, not the page and its cards (a keystroke's frame stays short).
 */
export interface PreviewStore {
  get: () => Preview;
  subscribe: (listener: () => void) => () => void;
}

function createStore(): PreviewStore & { set: (p: Preview) => void } {
  let value: Preview = { state: 'computing', values: null };
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (p) => {
      value = p;
      listeners.forEach((l) => l());
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

/** The preview a component draws, redrawn when it changes. */
export function usePreviewValue(store: PreviewStore): Preview {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** Wait after the last edit before asking: short enough for the 150 ms goal, long enough to skip keys. */
export const PREVIEW_DELAY_MS = 30;

/**
 * The figures of the project as it is being typed (the bundle's `preview`): the server's calculation
 * on the unsaved answers (POST {api}/preview), asked a moment after the last edit, one at a time, an
 * answer to older answers ignored. Null (off) when the bundle has no preview or its `when` is false.
 * Nothing is asked while `waiting` (a stored project being opened): the answers shown are not yet its.
 */
export function usePreview(
  calculator: Calculator,
  state: FormState,
  statuses: StepStatus[],
  admin: boolean,
  waiting = false,
): PreviewStore | null {
  const { bundle } = calculator;
  const on =
    !!bundle.preview &&
    (bundle.preview.when === undefined || truthy(evaluate(bundle.preview.when, { admin })));
  const [store] = useState(createStore);
  const setPreview = store.set;
  const last = useRef<PreviewValues | null>(null);
  // One calculation at a time: a large project takes the server a while, and answers that would be
  // thrown away are not asked for. Edits made meanwhile wait, and only the latest is sent.
  const inflight = useRef<Promise<void> | null>(null);
  // The answers the preview shows or is about to show. While figures are shown, an edit the calculation
  // does not read (the bundle's preview.ignores: a name, the client) keeps them and asks for nothing.
  const target = useRef<Record<string, unknown> | null>(null);
  const ignores = useMemo(() => new Set(bundle.preview?.ignores ?? []), [bundle]);
  const data = state.data;
  useEffect(
    () => () => {
      target.current = null; // gone: a timer still running asks for nothing
    },
    [],
  );
  useEffect(() => {
    if (!on || waiting) return;
    const shown = store.get().state === 'ready';
    if (shown && target.current !== null && samePreviewInput(target.current, data, ignores)) return;
    target.current = data;
    // Asked a moment after the last edit that changed the answers: a later one takes its place.
    setTimeout(() => {
      void (async () => {
        while (inflight.current) await inflight.current;
        if (target.current !== data) return;
        setPreview({ state: 'computing', values: last.current });
        const { steps } = toServer(bundle, data, statuses);
        const asked = http<PreviewValues>('POST', `${calculator.api}/preview`, { steps });
        const done = asked.then(() => {
          inflight.current = null;
        });
        inflight.current = done;
        const r = await asked;
        await done;
        if (target.current !== data) return;
        if (r.data) {
          last.current = r.data;
          setPreview({ state: 'ready', values: r.data });
        } else if (r.error?.status === 422 && Array.isArray(r.error.details))
          setPreview({
            state: 'missing',
            reasons: r.error.details as Extract<Preview, { state: 'missing' }>['reasons'],
            form: state,
          });
        else setPreview({ state: 'failed' });
      })();
    }, PREVIEW_DELAY_MS);
    // the statuses only shape the saved states, not the figures: a new preview follows the answers
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on, waiting, bundle, calculator, data]);
  return on ? store : null;
}
