import { useCallback } from 'react';
import { PHONE_QUERY, useMedia } from '../useNarrow';

const SCREENS = [PHONE_QUERY, '(max-width: 1199px)'];

/** Cards a page shows on this screen: 1 on a phone (< 768 px), 2 on a tablet (< 1200 px), else the bundle's. */
export function useCardsPerPage(max: number): number {
  const pick = useCallback(
    ([phone, tablet]: boolean[]) => (phone ? 1 : tablet ? Math.min(2, max) : max),
    [max],
  );
  const drawn = useCallback((phone: boolean) => (phone ? 1 : max), [max]);
  return useMedia(SCREENS, pick, drawn);
}
