import { useCallback, useSyncExternalStore } from 'react';

/** The width below which a screen is a phone's (the carousel shows one card a page there). */
export const PHONE_QUERY = '(max-width: 767px)';

/**
 * The screen a page drawn by the server was drawn for (the server's guess from the browser's name), which
 * the browser taking the page over starts from: set by app/ssr just before each drawing (React draws a
 * page on the server in one go) and before the browser's hydration.
 */
let drawnFor: 'phone' | 'wide' = 'wide';
export function drawFor(screen: 'phone' | 'wide'): void {
  drawnFor = screen;
}

const list = (q: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(q) : null;

/**
 * Follows media queries as the window turns or resizes, through React's external store hook: a page the
 * server drew (app/ssr) is taken over with the answer `server` gives for the screen it was drawn for (a
 * guess), then drawn again with the screen's own when they differ, without a hydration mismatch.
 */
export function useMedia<T>(
  queries: readonly string[],
  pick: (matches: boolean[]) => T,
  server: (phone: boolean) => T,
): T {
  const subscribe = useCallback(
    (changed: () => void) => {
      const lists = queries.map(list).filter((l) => l !== null);
      lists.forEach((l) => l.addEventListener('change', changed));
      return () => lists.forEach((l) => l.removeEventListener('change', changed));
    },
    [queries],
  );
  return useSyncExternalStore(
    subscribe,
    () => pick(queries.map((q) => list(q)?.matches ?? false)),
    () => server(drawnFor === 'phone'),
  );
}

const PHONE = [PHONE_QUERY];
const first = (m: boolean[]) => m[0] ?? false;
const onPhone = (phone: boolean) => phone;

/** Whether the screen is a phone's (< 768 px), following the window as it turns or resizes. */
export function useNarrow(): boolean {
  return useMedia(PHONE, first, onPhone);
}
