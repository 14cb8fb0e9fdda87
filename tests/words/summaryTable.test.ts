import { describe, expect, it } from 'vitest';
import { summaryTable } from '../../words/resultsText';
import type { AbattementResults as AbattementView } from '../../words/results';

const t = (k: string, p?: Record<string, unknown>) =>
  k === 'units.m3' ? 'm³' : p?.names ? `Sol : ${String(p.names)}` : k;
const roof = (name: string, volumes: Record<string, number>) =>
  ({
    toiture: { name },
    annual: { abattement: 50 },
    volumes,
  }) as unknown as AbattementView['toitureResults'][number];

describe('summaryTable', () => {
  it('writes nothing as 0,0 so that the site row keeps the decimal of its rows (145,1, not 145,10)', () => {
    const r = {
      toitureResults: [
        roof('A', { water_m3: 507.4, own_m3: 323.9, downstream_m3: 145.1, to_sewer_m3: 38.3 }),
        roof('B', { water_m3: 126.9, own_m3: 17.4, downstream_m3: 0, to_sewer_m3: 109.4 }),
      ],
      site: { abattement: 70, respectConsigneAbattement: 50 },
    } as unknown as AbattementView;
    const { rows } = summaryTable(r, 'METRIC', t, 'fr');
    expect(rows[1]![6]).toBe('0,0 m³');
    expect(rows.at(-1)![6]).toBe('145,1 m³');
    // a small volume keeps its second decimal
    const small = summaryTable(
      {
        ...r,
        toitureResults: [roof('C', { water_m3: 5.25, own_m3: 1, downstream_m3: 0, to_sewer_m3: 4.25 })],
      },
      'METRIC',
      t,
      'fr',
    );
    expect(small.rows[0]![4]).toBe('5,25 m³');
  });
});
