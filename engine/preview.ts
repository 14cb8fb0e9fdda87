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

/**
 * Whether two local models give the same preview: equal everywhere but at the bundle's `preview.ignores`
 * paths (an array's items are `*`: 'roofs.*.name'). Walks only what differs: a card the engine kept
 * unchanged is the same object, compared at once.
 */
export function samePreviewInput(a: unknown, b: unknown, ignores: ReadonlySet<string>, path = ''): boolean {
  if (a === b || (path !== '' && ignores.has(path))) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    const item = path === '' ? '*' : `${path}.*`;
    return a.every((x, i) => samePreviewInput(x, b[i], ignores, item));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k of new Set([...Object.keys(x), ...Object.keys(y)]))
    if (!samePreviewInput(x[k], y[k], ignores, path === '' ? k : `${path}.${k}`)) return false;
  return true;
}
