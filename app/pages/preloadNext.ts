import type { Bundle } from '../../engine';
import { whenIdle } from '../state/whenIdle';

/**
 * Once the browser is idle (at the latest after `timeout` ms): the code of the pages a Submit leads to
 * (the review's, the results' and their charts, the results' loader), so that Submit shows them without
 * waiting for the download (ApexCharts: 286 KB gzip, the largest of the app). Answers a function that
 * cancels it. Offline, a failed fetch is left: Submit asks again. `review` loads the review page's code:
 * the wizard passes it, the review page (its code here already) does not, so that this module does not
 * import the page that imports it.
 */
export function preloadNext(bundle: Bundle, timeout: number, review?: () => Promise<unknown>): () => void {
  return whenIdle(
    () => {
      if (bundle.review && review) void review().catch(() => undefined);
      void import('./ResultsPage').then((m) => m.preloadViews(bundle.results.views)).catch(() => undefined);
      void import('../pageLoaders').catch(() => undefined);
    },
    timeout,
    Math.min(timeout, 200),
  );
}
