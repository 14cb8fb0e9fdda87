import { describe, expect, it } from 'vitest';
import type { SpillLayout } from '../../engine/spillLayout';
import { PDF_LABEL_CHARS, pdfDiagramGeometry } from '../../server/pdf/noteParts';

const name = (i: number) => `Bâtiment administratif principal, aile nord-est, toiture terrasse ${i}`;

/**
 * 24 roofs of one pasted list: two cross another roof first, the others go by turns to a ground and to
 * the sewer (engine/spillLayout's columns: the roofs crossed second, the ends last).
 */
function layout24(): { layout: SpillLayout; texts: string[] } {
  const roofs = Array.from({ length: 24 }, (_, i) => `roof_${i}`);
  const to = (i: number) => (i < 2 ? `roof_${i + 2}` : i % 2 ? 'ground' : 'sewer');
  const column = (i: number) => (i < 2 ? 0 : 1);
  const rows = new Map<number, number>();
  const nodes = roofs.map((id, i) => {
    const c = column(i);
    const row = rows.get(c) ?? 0;
    rows.set(c, row + 1);
    return { id, label: { text: name(i + 1) }, column: c, row, end: false };
  });
  nodes.push({ id: 'ground', label: { text: 'Pelouse' }, column: 2, row: 0, end: true });
  nodes.push({ id: 'sewer', label: { text: 'Égouts' }, column: 2, row: 1, end: true });
  const edges = roofs.map((id, i) => ({ from: id, to: to(i) }));
  return {
    layout: { nodes, edges, columns: 3, rows: 22 },
    texts: nodes.map((n) => ('text' in n.label ? n.label.text : '')),
  };
}

describe("the note's spill diagram of 24 roofs", () => {
  const { layout, texts } = layout24();
  const g = pdfDiagramGeometry(layout, texts);

  it('brings each arrow into its end at its own height, not 22 arrows into one point', () => {
    for (const end of ['ground', 'sewer']) {
      const ys = g.arrows
        .filter((a) => a.to === end)
        .map((a) => a.y2)
        .sort((a, b) => a - b);
      expect(ys.length).toBeGreaterThan(8);
      const gaps = ys.slice(1).map((y, i) => y - ys[i]!);
      expect(Math.min(...gaps), `${end}: the arrows' points apart`).toBeGreaterThanOrEqual(20);
      // each straight: it arrives at the height it leaves
      for (const a of g.arrows.filter((x) => x.to === end)) expect(a.y2).toBeCloseTo(a.y1, 5);
    }
  });

  it('draws no box over another', () => {
    const apart = (a: (typeof g.boxes)[0], b: (typeof g.boxes)[0]) =>
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    for (const [i, a] of g.boxes.entries())
      for (const b of g.boxes.slice(i + 1)) expect(apart(a, b), `${a.id} and ${b.id}`).toBe(true);
  });

  it("says each roof's name by its start and its end, on two lines that fit the box", () => {
    for (const b of g.boxes.filter((x) => !x.end)) {
      expect(b.lines.length).toBeLessThanOrEqual(2);
      for (const l of b.lines) expect([...l].length).toBeLessThanOrEqual(PDF_LABEL_CHARS);
      expect(b.lines[0]).toBe('Bâtiment administratif');
      expect(b.lines[1]).toMatch(/terrasse \d+$/);
    }
    const shown = new Set(g.boxes.filter((x) => !x.end).map((b) => b.lines.join(' ')));
    expect(shown.size).toBe(24);
  });
});
