import type { HistoryAction } from '../../../engine';
import type { HistoryItem } from '../../api/projects';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * What the bundle's history rules and messages read of a row (group_size: the members of its group of
 * variants; title: the project as the user knows it, its variant's number and name included).
 */
export const rowFacts = (p: HistoryItem, admin: boolean, groupSize = 1, title = p.name) => ({
  state: p.state || 'ongoing',
  command: p.command ?? '',
  admin,
  note_generated: p.extended_properties.note_generated === true,
  name: title,
  number: p.number ?? '',
  group_size: groupSize,
});

/** A row action chosen in a row's menu, with the row's group size and title (what its messages name). */
export type RowPick = { row: HistoryItem; action: HistoryAction; size: number; title: string };

/** A row as shown: `size` its group's, `short` for a variant named as its group's first project. */
export interface ShownRow {
  p: HistoryItem;
  size: number;
  variant: boolean;
  short: boolean;
}

/**
 * The rows as shown: each group's first project, then its variants under it, each with its group's size;
 * `short` for a variant named as its group's first project (its number says it all).
 */
export function groupRows(rows: HistoryItem[]): ShownRow[] {
  return rows.flatMap((p) => {
    const members = p.variants ?? [];
    const size = members.length + 1;
    return [
      { p, size, variant: false, short: false },
      ...members.map((v) => ({ p: v, size, variant: true, short: v.name === p.name })),
    ];
  });
}

/** The rows without those removed (a deleted variant leaves its group too). */
export const without = (rows: HistoryItem[], removed: ReadonlySet<string>): HistoryItem[] =>
  removed.size === 0
    ? rows
    : rows
        .filter((x) => !removed.has(x.id))
        .map((x) => ({ ...x, variants: (x.variants ?? []).filter((v) => !removed.has(v.id)) }));

/** Page numbers to show: up to four around the current page (first and last have their own buttons). */
export function pageWindow(page: number, total: number): number[] {
  const start = Math.max(1, Math.min(page - 1, total - 3));
  return Array.from({ length: Math.min(4, total) }, (_, i) => start + i);
}

/** A variant by its number and, when the user named it, its name ("Variante 2 · Toundra"). */
export const variantName = (p: HistoryItem, t: T): string =>
  p.variant.label
    ? t('app.variants.named', { no: p.variant.no, label: p.variant.label })
    : t('app.variants.label', { no: p.variant.no });

/** The project as the user knows it: its name (or "unnamed"), and a variant's number and name. */
export const titleOf = (p: HistoryItem, size: number, t: T): string => {
  const name = p.name || t('app.history_page.unnamed');
  return size <= 1 ? name : `${name} — ${variantName(p, t)}`;
};
