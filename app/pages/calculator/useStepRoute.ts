import { useAtomValue, useStore } from 'jotai';
import { startTransition, useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Bundle } from '../../../engine';
import { wizardAtoms } from '../../state/wizardAtoms';

/** The address of step `index` (from 0) of a calculator's wizard: /:calc/calculator/:step, from 1. */
export function stepPath(calc: string, index: number, search = ''): string {
  return `/${calc}/calculator/${index + 1}${search}`;
}

/** The step an address names (its :step segment, else an old address's #n), from 0; null when none. */
function addressStep(step: string | undefined, hash: string, count: number): number | null {
  const n = Number(step ?? (/^#\d+$/.test(hash) ? hash.slice(1) : NaN));
  return Number.isInteger(n) && n >= 1 && n <= count ? n - 1 : null;
}

/**
 * The wizard's step lives in the router's address (/:calc/calculator/:step): Next, Previous and the
 * timeline navigate, so that the browser's Back and Forward move between steps and React Router's
 * blocker sees every move. The address leads: the wizard's step (its `current` atom) follows it. An
 * address without a step (a project just opened, the menu's link) is replaced by the wizard's own step;
 * nothing moves while `paused` (a project on its way). Answers the step shown and `go`, which moves it.
 */
export function useStepRoute(bundle: Bundle, paused: boolean) {
  const { calc = '', step } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const atoms = wizardAtoms(bundle);
  const count = bundle.steps.length;
  const named = step === undefined && location.hash ? addressStep(undefined, location.hash, count) : null;
  const shown = step === undefined ? null : addressStep(step, '', count);
  const current = useAtomValue(atoms.current);
  useEffect(() => {
    if (paused) return;
    if (shown === null) {
      // the wizard's step (read now: a project opened in this commit chose it), or an old address's #n
      const to = named ?? store.get(atoms.current);
      void navigate(stepPath(calc, to, location.search), { replace: true });
    } else if (current !== shown)
      // the step on screen already follows the address (the router's own transition drew it): the
      // wizard's step follows in a transition too, so that what reads it is drawn again in a render
      // that yields, not in one task after the step change's commit (issue 40)
      startTransition(() => store.set(atoms.current, shown));
    // the address is read at the moment it changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, named, paused, calc, location.key, current]);
  const go = useCallback(
    (index: number, options?: { replace?: boolean }) =>
      void navigate(stepPath(calc, index, location.search), options),
    [navigate, calc, location.search],
  );
  return { step: shown ?? current, go };
}
