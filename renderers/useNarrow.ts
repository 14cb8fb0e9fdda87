import { useEffect, useState } from 'react';

/** The width below which a screen is a phone's (the carousel shows one card a page there). */
export const PHONE_QUERY = '(max-width: 767px)';

/** Whether the screen is a phone's (< 768 px), following the window as it turns or resizes. */
export function useNarrow(): boolean {
  const query = () =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(PHONE_QUERY)
      : null;
  const [narrow, setNarrow] = useState(() => query()?.matches ?? false);
  useEffect(() => {
    const q = query();
    if (!q) return;
    const update = () => setNarrow(q.matches);
    q.addEventListener('change', update);
    update();
    return () => q.removeEventListener('change', update);
  }, []);
  return narrow;
}
