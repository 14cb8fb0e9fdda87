/**
 * Runs `work` once the browser is idle, at the latest after `timeout` ms; where the browser has no idle
 * callbacks (Safari), after `fallback` ms. Answers a function that cancels it.
 */
export function whenIdle(work: () => void, timeout: number, fallback: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, fallback);
  return () => window.clearTimeout(timer);
}
