/**
 * The live preview's calculation as a Web Worker would run it (bench:preview's second baseline): the
 * server's own calculation modules, built for the browser, answering each project posted to it.
 */
import type { Bundle } from '../../engine';
import { calculate, type StoredProject } from '../../server/calc';

self.onmessage = (e: MessageEvent<{ bundle: Bundle; project: StoredProject }>) => {
  const r = calculate(e.data.bundle, e.data.project, { stress: false });
  postMessage(
    r.ok ? { ok: true, abattement: (r.results as { site: { abattement: number } }).site.abattement } : r,
  );
};
