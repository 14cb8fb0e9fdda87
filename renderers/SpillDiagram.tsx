import type { StepDef, StepState } from '../engine';
import { tr, useRender } from './context';

/** Cards drawn at most: beyond, the picture would be a wall of boxes and the list of choices says it better. */
const MAX_NODES = 40;
const W = 170;
const H = 34;
const GAP_X = 70;
const GAP_Y = 12;

interface Node {
  id: string;
  label: string;
  column: number;
  row: number;
}

/** A label cut to fit its box, the whole of it in the box's tooltip. */
const fit = (s: string): string => (s.length > 22 ? `${s.slice(0, 21)}…` : s);

/**
 * A picture of where each card's choice leads (the bundle's `diagram`: the spills): a box per card and per
 * destination (another card, a ground, the sewer), an arrow from each card to its choice. Cards that
 * others flow into stand to the right of them, the destinations that end the water's way (the sewer, the
 * grounds) in the last column. The choices themselves stay the form's selects; this is their picture.
 */
export function SpillDiagram({ def, step }: { def: StepDef; step: StepState }) {
  const { t } = useRender();
  const diagram = def.diagram;
  if (!diagram) return null;
  const sources = def.ui.fields[diagram.field]?.['ui:options'].dataOptions?.sources ?? [];
  // the code by which a card of this step is chosen ('roof_3'), from the source over the step's own list
  const own = sources.find((s) => s.path === def.path);
  const codeOf = (index: number) => (own ? own.value.replace('{index}', String(index)) : `#${index}`);
  const cards = step.cards.map((c) => ({
    id: codeOf(c.index),
    // a card not yet named is called by its number ('Carte 3')
    label: tr(t, c.title).trim() || `${t('common.card')} ${c.index + 1}`,
    to: c.fields.find((f) => f.field === diagram.field),
  }));
  if (cards.length === 0 || cards.length > MAX_NODES) return null;
  const byId = new Map(cards.map((c) => [c.id, c]));
  // the destinations that are not cards (the sewer, the grounds), in the order the select lists them
  const ends = new Map<string, string>();
  for (const c of cards)
    for (const o of c.to?.options ?? [])
      if (!byId.has(String(o.value))) ends.set(String(o.value), o.literal ? o.label : t(o.label));
  // a card's column: how many cards its water crosses before it ends (a loop is cut where it closes)
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
  const nodes: Node[] = cards.map((c) => {
    const column = deepest - (depth.get(c.id) ?? 0);
    return { id: c.id, label: c.label, column, row: place(column) };
  });
  const used = new Set(cards.map((c) => String(c.to?.value ?? '')));
  // the grounds, then the sewer (the select's first option, where the water leaves the site) at the bottom
  const first = def.ui.fields[diagram.field]?.['ui:options'].dataOptions?.first?.value;
  const order = [...ends].sort(([a], [b]) => Number(a === first) - Number(b === first));
  for (const [id, label] of order)
    if (used.has(id)) nodes.push({ id, label, column: deepest + 1, row: place(deepest + 1) });
  const at = new Map(nodes.map((n) => [n.id, n]));
  const x = (n: Node) => n.column * (W + GAP_X);
  const y = (n: Node) => n.row * (H + GAP_Y);
  const width = (deepest + 2) * (W + GAP_X) - GAP_X;
  const height = Math.max(...[...rows.values()].map((r) => r * (H + GAP_Y) - GAP_Y));
  const titleId = `${step.key}-diagram`;
  return (
    <figure className="spill-diagram">
      <figcaption id={titleId}>{t(diagram.title)}</figcaption>
      {/* narrowed to the screen down to 70 % of its size, then scrolled in its own region */}
      <div className="spill-diagram-scroll" tabIndex={0} role="group" aria-labelledby={titleId}>
        <svg
          role="img"
          aria-labelledby={titleId}
          viewBox={`-2 -2 ${width + 4} ${height + 4}`}
          style={{ width: '100%', maxWidth: width + 4, minWidth: Math.round((width + 4) * 0.7) }}
        >
          <defs>
            <marker
              id={`${titleId}-arrow`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto"
            >
              <path d="M0,0 L10,5 L0,10 z" />
            </marker>
          </defs>
          {cards.map((c) => {
            const from = at.get(c.id);
            const to = at.get(String(c.to?.value ?? ''));
            if (!from || !to) return null;
            const x1 = x(from) + W;
            const y1 = y(from) + H / 2;
            const x2 = x(to);
            const y2 = y(to) + H / 2;
            const bend = Math.max(20, (x2 - x1) / 2);
            return (
              <path
                key={`${c.id}->${to.id}`}
                className="spill-arrow"
                d={`M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`}
                markerEnd={`url(#${titleId}-arrow)`}
              />
            );
          })}
          {nodes.map((n) => (
            <g key={n.id} className={byId.has(n.id) ? 'spill-node' : 'spill-node spill-end'}>
              <title>{n.label}</title>
              <rect x={x(n)} y={y(n)} width={W} height={H} rx="6" />
              <text x={x(n) + W / 2} y={y(n) + H / 2} dominantBaseline="central" textAnchor="middle">
                {fit(n.label)}
              </text>
            </g>
          ))}
        </svg>
      </div>
    </figure>
  );
}
