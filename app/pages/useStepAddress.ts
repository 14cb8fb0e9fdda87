import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Each step of the wizard has its own address (#1, #2, …): Next, Previous and the timeline add a history
 * entry, and the browser's Back and Forward move between steps, as in GOV.UK flows. `synced` is the step
 * the address and the wizard last agreed on; whichever moves away from it leads. Nothing moves while
 * `paused` (a project on its way). Answers a function to call before a project is opened: its step then
 * replaces the address rather than adding to it.
 */
export function useStepAddress(
  steps: number,
  current: number,
  jump: (step: number) => void,
  paused: boolean,
): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const n = Number(location.hash.replace('#', ''));
  const hashStep = Number.isInteger(n) && n >= 1 && n <= steps ? n - 1 : null;
  const synced = useRef<number | null>(null);
  const replaceAddress = useRef(false);
  useEffect(() => {
    if (paused) return;
    if (hashStep !== null && hashStep !== synced.current) {
      // the address moved (Back, Forward, a link to #n): the wizard follows
      synced.current = hashStep;
      replaceAddress.current = false;
      // (the step shown may have just changed: a project opened in this commit)
      jump(hashStep);
      return;
    }
    if (current === synced.current) return;
    // the wizard moved (Next, Previous, the timeline, a project opened): the address follows; an address
    // without a step, or a project just opened, is replaced rather than added to
    const replace = hashStep === null || replaceAddress.current;
    replaceAddress.current = false;
    synced.current = current;
    void navigate(`${location.pathname}${location.search}#${current + 1}`, { replace });
    // jump is stable (it sets the step atom); the location is read at the moment of moving
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hashStep, current, paused]);
  return useCallback(() => {
    replaceAddress.current = true;
  }, []);
}
