import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { derive } from '../../engine';
import { LABEL_CHARS, SpillDiagram } from '../../renderers/SpillDiagram';
import { BUNDLES } from '../../renderers/stories/bundles';
import { renderWithContext } from './helpers';

const { bundle, valid } = BUNDLES.sm!;
const spills = bundle.steps.find((s) => s.key === 'Deversement')!;

/** The boxes' names in the picture, column by column (left to right), and its arrows. */
function picture() {
  const svg = screen.getByRole('img', { name: 'Schéma des déversements' });
  const boxes = Array.from(svg.querySelectorAll('g')).map((g) => ({
    name: g.querySelector('title')!.textContent,
    x: Number(g.querySelector('rect')!.getAttribute('x')),
  }));
  const columns = [...new Set(boxes.map((b) => b.x))].sort((a, b) => a - b);
  return {
    columns: columns.map((x) => boxes.filter((b) => b.x === x).map((b) => b.name)),
    arrows: svg.querySelectorAll('path.spill-arrow').length,
  };
}

/** Each roof box's label, its lines joined by ' / '. */
const roofLabels = () =>
  Array.from(screen.getByRole('img').querySelectorAll('g.spill-node:not(.spill-end) text'), (t) =>
    Array.from(t.querySelectorAll('tspan'), (l) => l.textContent!).join(' / '),
  );

describe('SpillDiagram', () => {
  it('draws each roof with an arrow to where its water goes, the ends (ground, sewer) last', () => {
    const roofs = valid.roofs as Record<string, unknown>[];
    // Toiture B now spills onto Toiture A, which spills onto the garden
    const data = { ...valid, roofs: [roofs[0], { ...roofs[1], destination: 'roof_0' }] };
    const state = derive(bundle, data);
    renderWithContext(<SpillDiagram def={spills} step={state.steps.find((s) => s.key === 'Deversement')!} />);
    expect(picture()).toEqual({ columns: [['Toiture B'], ['Toiture A'], ['Jardin']], arrows: 2 });
    expect(within(screen.getByRole('figure')).getByText('Schéma des déversements')).toBeInTheDocument();
  });

  it('shows the sewer when a roof flows there, the sewer below the grounds', () => {
    const state = derive(bundle, valid);
    renderWithContext(<SpillDiagram def={spills} step={state.steps.find((s) => s.key === 'Deversement')!} />);
    expect(picture()).toEqual({
      columns: [
        ['Toiture A', 'Toiture B'],
        ['Jardin', 'Égouts'],
      ],
      arrows: 2,
    });
  });

  it('tells apart long names that differ only at their end, each whole in its tooltip', () => {
    const roofs = valid.roofs as Record<string, unknown>[];
    const long = (n: number) => `Toiture végétalisée du bâtiment principal, aile nord-est numéro ${n}`;
    const data = { ...valid, roofs: [1, 2, 12].map((n) => ({ ...roofs[0], name: long(n) })) };
    const state = derive(bundle, data);
    renderWithContext(<SpillDiagram def={spills} step={state.steps.find((s) => s.key === 'Deversement')!} />);
    const shown = roofLabels();
    expect(shown).toHaveLength(3);
    expect(new Set(shown).size).toBe(3);
    for (const s of shown) {
      expect(s.split(' / ').length).toBeLessThanOrEqual(2);
      for (const line of s.split(' / ')) expect([...line].length).toBeLessThanOrEqual(LABEL_CHARS);
    }
    expect(picture().columns[0]).toEqual([long(1), long(2), long(12)]);
  });

  it('tells apart long names that differ only in their middle, as pasted from a spreadsheet', () => {
    const roofs = valid.roofs as Record<string, unknown>[];
    const long = (b: string) =>
      `Toiture terrasse végétalisée bâtiment ${b} – aile nord-est niveau R+1 zone technique`;
    const data = { ...valid, roofs: ['A', 'B', 'C'].map((b) => ({ ...roofs[0], name: long(b) })) };
    const state = derive(bundle, data);
    renderWithContext(<SpillDiagram def={spills} step={state.steps.find((s) => s.key === 'Deversement')!} />);
    expect(roofLabels()).toEqual([
      '…bâtiment A – aile / nord-est niveau R+1 z…',
      '…bâtiment B – aile / nord-est niveau R+1 z…',
      '…bâtiment C – aile / nord-est niveau R+1 z…',
    ]);
    expect(picture().columns[0]).toEqual([long('A'), long('B'), long('C')]);
  });

  it('shows a long name on two lines, its start and its end, as tall boxes; a short one on one', () => {
    const roofs = valid.roofs as Record<string, unknown>[];
    const long = (n: number) => `Bâtiment administratif principal, aile nord-est, toiture terrasse ${n}`;
    const data = {
      ...valid,
      roofs: [
        { ...roofs[0], name: long(12) },
        { ...roofs[1], name: 'Podium' },
      ],
    };
    const state = derive(bundle, data);
    renderWithContext(<SpillDiagram def={spills} step={state.steps.find((s) => s.key === 'Deversement')!} />);
    // one line of 22 characters read 'Bâtiment a…terrasse 12'
    expect(roofLabels()).toEqual(['Bâtiment administratif / principal,…terrasse 12', 'Podium']);
    const heights = Array.from(screen.getByRole('img').querySelectorAll('rect'), (r) =>
      r.getAttribute('height'),
    );
    expect(new Set(heights)).toEqual(new Set(['50']));
  });
});
