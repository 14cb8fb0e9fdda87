import { evaluate } from './rules';
import type { Bundle } from './types';

/**
 * What the live preview shows of a calculation: the value of each of the bundle's `preview.site`
 * figures over the results, and for each entry of the results' `preview.cards.list` (a card) the value of
 * each card figure, in the bundle's order. The server answers these few numbers instead of the whole
 * results (136 KB for 100 roofs), which the page would parse at every pause in typing.
 */
export interface PreviewValues {
  site: unknown[];
  cards: unknown[][];
}

export function previewValues(bundle: Bundle, results: Record<string, unknown>): PreviewValues {
  const p = bundle.preview;
  if (!p) return { site: [], cards: [] };
  const list = p.cards ? results[p.cards.list] : undefined;
  return {
    site: p.site.map((f) => evaluate(f.value, results) ?? null),
    cards: Array.isArray(list)
      ? list.map((entry) => p.cards!.figures.map((f) => evaluate(f.value, entry) ?? null))
      : [],
  };
}
