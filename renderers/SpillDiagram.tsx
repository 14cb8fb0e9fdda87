import { useLayoutEffect, useRef, useState } from 'react';
import { spillLayout, type DiagramNode, type StepDef, type StepState } from '../engine';
import { labelLines } from '../words/shortLabel';
import { tr, useRender } from './context';

/** A box's width at the least, and at the most where the region has room (helper ux9). */
const W_MIN = 170;
const W_MAX = 340;
/** A box's height for one line of label, and for two (16 px a line). */
const H1 = 34;
const H2 = 50;
const GAP_X = 70;
const GAP_Y = 12;
/** The labels' size (13 px, app/styles.css) may shrink with the picture to 11 px, no further (issue 37). */
const MIN_SCALE = 11 / 13;

/**
 * Characters a line of the narrowest box's label holds (two lines at most); a wider box holds as many more
 * as its width allows. The whole label is in the box's tooltip.
 */
export const LABEL_CHARS = 22;

/** The width of the diagram's region once laid out (null before, and where nothing is laid out). */
function useRegionWidth(drawn: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(el.clientWidth > 0 ? el.clientWidth : null);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [drawn]);
  return [ref, width] as const;
}

/**
 * A picture of where each card's choice leads (the bundle's `diagram`: the spills), as engine/spillLayout
 * lays it out: a box per card and per end (a ground, the sewer), an arrow from each card to its choice. The
 * choices themselves stay the form's selects; this is their picture.
 */
export function SpillDiagram({ def, step }: { def: StepDef; step: StepState }) {
  const { t } = useRender();
  const layout = spillLayout(def, step);
  const [region, regionWidth] = useRegionWidth(layout !== null && def.diagram !== undefined);
  if (!layout || !def.diagram) return null;
  const cardNo = new Map(step.cards.map((c, i) => [c.title, i + 1]));
  // a card not yet named is called by its number ('Carte 3')
  const label = (n: DiagramNode) =>
    'text' in n.label
      ? n.label.text
      : tr(t, n.label.ref).trim() || `${t('common.card')} ${cardNo.get(n.label.ref) ?? ''}`.trim();
  const at = new Map(layout.nodes.map((n) => [n.id, n]));
  const labels = layout.nodes.map(label);
  // the boxes share the region's width (a desktop's), no wider than the longest name needs on two lines
  // (with a few characters for the break at a space): names shortened only where there is no room
  const longest = Math.max(...labels.map((l) => [...l].length));
  const wanted = ((Math.ceil(longest / 2) + 6) * W_MIN) / LABEL_CHARS;
  const room = regionWidth ? (regionWidth - 4 + GAP_X) / layout.columns - GAP_X : W_MIN;
  const W = Math.round(Math.min(W_MAX, Math.max(W_MIN, Math.min(room, wanted))));
  const chars = Math.floor((LABEL_CHARS * W) / W_MIN);
  const shown = labelLines(labels, chars);
  // every box as tall as the tallest label needs, so that rows stay aligned
  const H = shown.some((l) => l.length > 1) ? H2 : H1;
  const x = (n: DiagramNode) => n.column * (W + GAP_X);
  const y = (n: DiagramNode) => n.row * (H + GAP_Y);
  const width = layout.columns * (W + GAP_X) - GAP_X;
  const height = layout.rows * (H + GAP_Y) - GAP_Y;
  const titleId = `${step.key}-diagram`;
  return (
    <figure className="spill-diagram">
      <figcaption id={titleId}>{t(def.diagram.title)}</figcaption>
      {/* narrowed to the screen down to MIN_SCALE of its size (labels of 11 px at least), then scrolled
          in its own region */}
      <div ref={region} className="spill-diagram-scroll" tabIndex={0} role="group" aria-labelledby={titleId}>
        <svg
          role="img"
          aria-labelledby={titleId}
          viewBox={`-2 -2 ${width + 4} ${height + 4}`}
          style={{ width: '100%', maxWidth: width + 4, minWidth: Math.ceil((width + 4) * MIN_SCALE) }}
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
          {layout.edges.map((e) => {
            const from = at.get(e.from)!;
            const to = at.get(e.to)!;
            const x1 = x(from) + W;
            const y1 = y(from) + H / 2;
            const x2 = x(to);
            const y2 = y(to) + H / 2;
            const bend = Math.max(20, (x2 - x1) / 2);
            return (
              <path
                key={`${e.from}->${e.to}`}
                className="spill-arrow"
                d={`M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`}
                markerEnd={`url(#${titleId}-arrow)`}
              />
            );
          })}
          {layout.nodes.map((n, i) => (
            <g key={n.id} className={n.end ? 'spill-node spill-end' : 'spill-node'}>
              <title>{labels[i]}</title>
              <rect x={x(n)} y={y(n)} width={W} height={H} rx="6" />
              <text x={x(n) + W / 2} y={y(n) + H / 2} dominantBaseline="central" textAnchor="middle">
                {shown[i]!.map((line, k, all) => (
                  <tspan
                    key={k}
                    x={x(n) + W / 2}
                    dy={k === 0 ? `${-(all.length - 1) * 0.6}em` : '1.2em'}
                    dominantBaseline="central"
                  >
                    {line}
                  </tspan>
                ))}
              </text>
            </g>
          ))}
        </svg>
      </div>
    </figure>
  );
}
