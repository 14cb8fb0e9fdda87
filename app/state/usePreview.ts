import { atom, useStore, type Atom, type PrimitiveAtom } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import {
  evaluate,
  samePreviewInput,
  toServer,
  truthy,
  type Bundle,
  type FormState,
  type PreviewValues,
  type StepState,
  type StepStatus,
} from '../../engine';
import { http } from '../api/http';
import { PREVIEW_DELAY_MS } from './previewDelay';
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
  /** not asked: these steps (titles, message keys) still lack answers the calculation needs */
  | { state: 'waiting'; steps: string[] }
  | { state: 'failed' };

/**
 * The steps whose answers the preview still lacks, in order: those the calculation reads (their data is
 * not all in the bundle's `preview.ignores`) up to the step the preview is drawn on, with a blocking
 * field (a required answer missing, a value out of range). The server would answer 422 for them; the
 * preview asks nothing until the list is empty.
 */
export function stepsToFill(bundle: Bundle, state: FormState): StepState[] {
  const ignores = new Set(bundle.preview?.ignores ?? []);
  const shownOn = bundle.preview?.cards?.step ?? bundle.steps[bundle.steps.length - 1]?.key;
  const last = state.steps.findIndex((s) => s.key === shownOn);
  return state.steps.filter(
    (s, i) => (last < 0 || i <= last) && !ignores.has(bundle.steps[i]?.path ?? '') && s.result === 3,
  );
}

/** The preview before any answer: nothing to show yet. */
const NOTHING_YET: Preview = { state: 'computing', values: null };

const atoms = new Map<string, PrimitiveAtom<Preview>>();

/**
 * The live preview of one calculator, a jotai atom (one per bundle id, as the wizard's atoms): the
 * figures subscribe to it, so that a preview on its way or arriving redraws them alone, not the page and
 * its cards (a keystroke's frame stays short). Back to "nothing yet" when the wizard that asks for it
 * goes (usePreview), so that another project opened later never shows this one's figures.
 */
export function previewAtom(bundle: Bundle): PrimitiveAtom<Preview> {
  let a = atoms.get(bundle.id);
  if (!a) {
    a = atom<Preview>(NOTHING_YET);
    atoms.set(bundle.id, a);
  }
  return a;
}

/** The figures of one card in a preview (its entry of the list at `index`), or none. */
export function cardFigures(preview: Preview, index: number): unknown[] | undefined {
  const values = preview.state === 'ready' || preview.state === 'computing' ? preview.values : null;
  return values?.cards[index];
}

/** Whether a calculator shows a live preview: its bundle has one, and the preview's `when` holds. */
export function previewOn(bundle: Bundle, admin: boolean): boolean {
  return (
    !!bundle.preview &&
    (bundle.preview.when === undefined || truthy(evaluate(bundle.preview.when, { admin })))
  );
}

/**
 * The figures of the project as it is being typed (the bundle's `preview`): the server's calculation
 * on the unsaved answers (POST {api}/preview), asked a moment after the last edit; a newer request
 * cancels the one on its way (AbortController), and a busy server is asked again after its Retry-After. Null (off) when the bundle has no preview or its `when` is false.
 * Nothing is asked while `waiting` (a stored project being opened): the answers shown are not yet its.
 */
export function usePreview(
  calculator: Calculator,
  state: FormState,
  statuses: StepStatus[],
  admin: boolean,
  waiting = false,
): Atom<Preview> | null {
  const { bundle } = calculator;
  const on = previewOn(bundle, admin);
  const preview = previewAtom(bundle);
  const store = useStore();
  const setPreview = (p: Preview) => store.set(preview, p);
  const last = useRef<PreviewValues | null>(null);
  // The request on its way: a newer preview cancels it (the server drops it if it still waits for a
  // calculator, and a large project's answer that would be thrown away is not waited for).
  const inflight = useRef<AbortController | null>(null);
  // The answers the preview shows or is about to show. While figures are shown, an edit the calculation
  // does not read (the bundle's preview.ignores: a name, the client) keeps them and asks for nothing.
  const target = useRef<Record<string, unknown> | null>(null);
  const ignores = useMemo(() => new Set(bundle.preview?.ignores ?? []), [bundle]);
  const data = state.data;
  useEffect(
    () => () => {
      target.current = null; // gone: a timer still running asks for nothing
      inflight.current?.abort();
      store.set(preview, NOTHING_YET);
    },
    [store, preview],
  );
  useEffect(() => {
    if (!on || waiting) return;
    const shown = store.get(preview).state === 'ready';
    if (shown && target.current !== null && samePreviewInput(target.current, data, ignores)) return;
    target.current = data;
    // Not asked while a step the calculation reads lacks answers: said calmly, no request, no 422.
    const lacking = stepsToFill(bundle, state);
    if (lacking.length) {
      inflight.current?.abort(); // an answer for the answers before this edit would be thrown away
      setPreview({ state: 'waiting', steps: lacking.map((s) => s.title) });
      return;
    }
    // Asked a moment after the last edit that changed the answers: a later one takes its place.
    const ask = () => {
      void (async () => {
        if (target.current !== data) return;
        inflight.current?.abort();
        const controller = new AbortController();
        inflight.current = controller;
        setPreview({ state: 'computing', values: last.current });
        const { steps } = toServer(bundle, data, statuses);
        const r = await http<PreviewValues>(
          'POST',
          `${calculator.api}/preview`,
          { steps },
          controller.signal,
        );
        if (inflight.current === controller) inflight.current = null;
        if (controller.signal.aborted || target.current !== data) return;
        if (r.data) {
          last.current = r.data;
          setPreview({ state: 'ready', values: r.data });
        } else if (r.error?.status === 422 && Array.isArray(r.error.details))
          setPreview({
            state: 'missing',
            reasons: r.error.details as Extract<Preview, { state: 'missing' }>['reasons'],
            form: state,
          });
        else if (r.error?.status === 429 || r.error?.status === 503) {
          // Every calculator busy, or this visitor's share taken: asked again when the server says.
          const seconds = Number(r.response?.headers.get('retry-after')) || 1;
          setTimeout(ask, Math.min(seconds, 10) * 1000);
        } else setPreview({ state: 'failed' });
      })();
    };
    setTimeout(ask, PREVIEW_DELAY_MS);
    // the statuses only shape the saved states, not the figures: a new preview follows the answers
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on, waiting, bundle, calculator, data]);
  return on ? preview : null;
}
