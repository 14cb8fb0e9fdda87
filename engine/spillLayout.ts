import type { MessageRef, StepDef, StepState } from './types';

/** Cards drawn at most: beyond, the picture would be a wall of boxes and the list of choices says it better. */
export const MAX_DIAGRAM_NODES = 40;

/** A box of the diagram: a card of the step, or an end of the water's way (a ground, the sewer). */
export interface DiagramNode {
  id: string;
  /** a card's title (`ref`), a choice's message key (`ref`), or a name that is data (`text`) */
  label: { ref: MessageRef } | { text: string };
  column: number;
  row: number;
  end: boolean;
}

export interface SpillLayout {
  nodes: DiagramNode[];
  edges: { from: string; to: string }[];
  columns: number;
  rows: number;
}

/**
 * Where each card's choice leads, laid out in columns (the bundle's step `diagram`, the spills): a card
 * stands left of the cards its water flows onto, the ends (the grounds, then the sewer: the select's first
 * choice) in the last column. Null when the step declares no diagram, has no card, or more than
 * MAX_DIAGRAM_NODES. Used by the page and the PDF note alike.
 */
export function spillLayout(def: StepDef, step: StepState): SpillLayout | null {
  const diagram = def.diagram;
  if (!diagram || step.cards.length === 0 || step.cards.length > MAX_DIAGRAM_NODES) return null;
  const options = def.ui.fields[diagram.field]?.['ui:options'].dataOptions;
  // the code by which a card of this step is chosen ('roof_3'), from the source over the step's own list
  const own = options?.sources.find((s) => s.path === def.path);
  const codeOf = (index: number) => (own ? own.value.replace('{index}', String(index)) : `#${index}`);
  const cards = step.cards.map((c) => ({
    id: codeOf(c.index),
    title: c.title,
    to: c.fields.find((f) => f.field === diagram.field),
  }));
  const byId = new Map(cards.map((c) => [c.id, c]));
  const ends = new Map<string, DiagramNode['label']>();
  for (const c of cards)
    for (const o of c.to?.options ?? [])
      if (!byId.has(String(o.value)))
        ends.set(String(o.value), o.literal ? { text: o.label } : { ref: { key: o.label } });
  // a card's depth: how many cards its water crosses before it ends (a loop is cut where it closes)
  const depth = new Map<string, number>();
  const depthOf = (id: string, seen: Set<string>): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const next = String(byId.get(id)?.to?.value ?? '');
    const d = byId.has(next) && !seen.has(next) ? 1 + depthOf(next, new Set(seen).add(id)) : 0;
    depth.set(id, d);
    return d;
  };
  for (const c of cards) depthOf(c.id, new Set());
  const deepest = Math.max(0, ...depth.values());
  const rows = new Map<number, number>();
  const place = (column: number) => {
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    return row;
  };
  const nodes: DiagramNode[] = cards.map((c) => {
    const column = deepest - (depth.get(c.id) ?? 0);
    return { id: c.id, label: { ref: c.title }, column, row: place(column), end: false };
  });
  const used = new Set(cards.map((c) => String(c.to?.value ?? '')));
  // the grounds, then the sewer (the select's first choice, where the water leaves the site) at the bottom
  const first = options?.first?.value;
  const order = [...ends].sort(([a], [b]) => Number(a === first) - Number(b === first));
  for (const [id, label] of order)
    if (used.has(id)) nodes.push({ id, label, column: deepest + 1, row: place(deepest + 1), end: true });
  const ids = new Set(nodes.map((n) => n.id));
  const edges = cards
    .map((c) => ({ from: c.id, to: String(c.to?.value ?? '') }))
    .filter((e) => ids.has(e.to));
  return { nodes, edges, columns: deepest + 2, rows: Math.max(...rows.values()) };
}
