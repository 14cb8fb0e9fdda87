import { atom, useAtomValue, type Atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { createContext, useContext, useMemo } from 'react';
import type { CardState, StepState } from '../engine';
import { sameState } from '../engine/sameState';

/**
 * The step on screen as a jotai atom (the wizard's, issue 40): what a step draws reads it by slices, so
 * that a key typed into a card redraws that card alone, not the step around it nor its carousel. Absent
 * (a step drawn from a plain StepState: stories, tests), each slice is taken from the step given.
 */
export const StepSource = createContext<Atom<StepState> | null>(null);

const NONE = atom(null);

/**
 * A slice of the step as it stands now: `select` of the step source when there is one (the component is
 * then drawn again only when the slice changes by `same`), else of `step`. `select` and `same` must be
 * stable (module functions, or memoised by the caller).
 */
export function useStepSlice<T>(
  step: StepState,
  select: (s: StepState) => T,
  same: (a: T, b: T) => boolean = Object.is,
): T {
  const source = useContext(StepSource);
  const sliced = useMemo(() => (source ? selectAtom(source, select, same) : NONE), [source, select, same]);
  const live = useAtomValue(sliced);
  return source ? (live as T) : select(step);
}

/** The step as it stands now, whole: what draws from every card (the list view, the spill diagram). */
const whole = (s: StepState) => s;
export function useStepNow(step: StepState): StepState {
  return useStepSlice(step, whole);
}

/** One card of the step as it stands now (the engine keeps an unchanged card the same object). */
export function useCardNow(step: StepState, index: number): CardState | undefined {
  const select = useMemo(() => (s: StepState) => s.cards[index], [index]);
  return useStepSlice(step, select);
}

/** The step's totals as they stand now, drawn again when their figures change. */
const totals = (s: StepState) => s.totals;
export function useTotalsNow(step: StepState): StepState['totals'] {
  return useStepSlice(step, totals, sameState);
}

/**
 * Whether two states of a step draw the same step around its cards: the same heading, gate, menus and
 * cards (by index and severity: the carousel flags cards to correct on other pages), whatever the cards
 * hold. What draws a card's content, the totals or the problems reads its own slice.
 */
export function sameShape(a: StepState, b: StepState): boolean {
  if (a === b) return true;
  return (
    a.key === b.key &&
    a.title === b.title &&
    a.tab === b.tab &&
    a.icon === b.icon &&
    a.repeat === b.repeat &&
    a.canAdd === b.canAdd &&
    a.canDelete === b.canDelete &&
    a.canDuplicate === b.canDuplicate &&
    sameState(a.gate, b.gate) &&
    a.cards.length === b.cards.length &&
    a.cards.every((c, i) => {
      const d = b.cards[i]!;
      return c === d || (c.index === d.index && c.severity === d.severity);
    })
  );
}
