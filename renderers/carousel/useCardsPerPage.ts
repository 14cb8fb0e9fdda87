import { useEffect, useState } from 'react';

/** Cards a page shows on this screen: 1 on a phone (< 768 px), 2 on a tablet (< 1200 px), else the bundle's. */
export function useCardsPerPage(max: number): number {
  const query = (q: string) =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(q) : null;
  const pick = () =>
    query('(max-width: 767px)')?.matches ? 1 : query('(max-width: 1199px)')?.matches ? Math.min(2, max) : max;
  const [n, setN] = useState(pick);
  useEffect(() => {
    const lists = ['(max-width: 767px)', '(max-width: 1199px)'].map(query).filter((x) => x !== null);
    const update = () => setN(pick());
    lists.forEach((l) => l.addEventListener('change', update));
    update();
    return () => lists.forEach((l) => l.removeEventListener('change', update));
    // pick reads only `max`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [max]);
  return n;
}
