import type { Bundle } from '../../engine';
import { whenIdle } from '../state/whenIdle';

/**
 * Once the browser is idle (at the latest after `timeout` ms): the code of the pages a Submit leads to
 * (the review's, the results' and their charts, the results' loader), so that Submit shows them without
 * waiting for the download (ApexCharts: 286 KB gzip, the largest of the app). Answers a function that
 * cancels it. Offline, a failed fetch is left: Submit asks again.
 */
export function preloadNext(bundle: Bundle, timeout: number): () => void {
  return whenIdle(
    () => {
      if (bundle.review) void import('./ReviewPage').catch(() => undefined);
      void import('./ResultsPage').then((m) => m.preloadViews(bundle.results.views)).catch(() => undefined);
      void import('../pageLoaders').catch(() => undefined);
    },
    timeout,
    Math.min(timeout, 200),
  );
}
