import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derive, loadBundle } from '../../engine';
import { compareRows, inputRows, monthlyCharts } from '../../words/compareText';
import { i18nOf } from '../../server/i18n';

const ROOT = join(import.meta.dirname, '../../schemas');
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Record<string, unknown>;
const sm = loadBundle(read('sm/bundle.json'));
const smca = loadBundle(read('smca/bundle.json'));
const fr = i18nOf('skywater_manager', 'fr').i18n.t.bind(null) as (k: string, p?: object) => string;
const en = i18nOf('smca', 'en').i18n.t.bind(null) as (k: string, p?: object) => string;

/** Results as the abattement calculation stores them, reduced to what the comparison reads. */
const results = (site: Record<string, number>, stressed: number, roofs: Record<string, number[]>) => ({
  site,
  stress: [
    { rain_factor: 1.1, site: { abattement: 0 } },
    { rain_factor: 1.2, site: { abattement: stressed } },
  ],
  toitureResults: Object.entries(roofs).map(([name, months]) => ({
    toiture: { name },
    monthlyResults: months.map((abattement) => ({ abattement, respectConsigneAbattement: 50 })),
  })),
});
const base = results(
  {
    abattement: 79.84,
    respectConsigneAbattement: 50,
    to_sewer_m3_per_year: 166.3,
    et_m3_per_year: 345.5,
    storage_capacity_m3: 45.7,
  },
  74.6,
  { 'Toiture A': Array(12).fill(90), 'Toiture B': Array(12).fill(10) },
);
const thicker = results(
  {
    abattement: 81.4,
    respectConsigneAbattement: 50,
    to_sewer_m3_per_year: 153.1,
    et_m3_per_year: 375.9,
    storage_capacity_m3: 93.7,
  },
  73.6,
  { 'Toiture B': Array(12).fill(11), 'Toiture C': Array(12).fill(50) },
);

describe('the comparison of variants', () => {
  it('marks each difference from variant 1, better or worse as the figure says, in the reader language', () => {
    const rows = compareRows(sm.figures, sm.compare!.figures, [base, thicker, null], 'METRIC', fr, 'fr');
    const row = (label: string) => rows.find((r) => r.label === label)!.cells;
    // a figure and its unit on one line (a no-break space between them)
    expect(row('Abattement annuel du site')).toEqual([
      { text: '79,8\u00a0%' },
      { text: '81,4\u00a0%', delta: '+1,6\u00a0pt', tone: 'better' },
      { text: '–' },
    ]);
    expect(row('Vers le réseau par an')[1]).toEqual({
      text: '153,1\u00a0m³',
      delta: '−13,2\u00a0m³',
      tone: 'better',
    });
    expect(row('Évapotranspiré par an')[1]).toEqual({
      text: '375,9\u00a0m³',
      delta: '+30,4\u00a0m³',
      tone: 'differs',
    });
    expect(row('Abattement avec 20 % de pluie en plus')[1]).toMatchObject({
      delta: '−1,0\u00a0pt',
      tone: 'worse',
    });
    // the same figure is not a difference; it is written with its format's decimal
    expect(row("Jours de pluie où l'objectif est tenu")[1]).toEqual({ text: '50,0\u00a0%' });
    // only key figures the note prints: no storage capacity (issue 37)
    expect(rows.map((r) => r.label)).not.toContain('Capacité de stockage des toitures');
  });

  it('shows volumes in whole US gallons for an imperial project', () => {
    const rows = compareRows(smca.figures, smca.compare!.figures, [base, thicker], 'IMPERIAL', en, 'en');
    expect(rows.find((r) => r.label === 'To the sewer per year')!.cells).toEqual([
      { text: '43,932\u00a0US gal' },
      { text: '40,445\u00a0US gal', delta: '−3,487\u00a0US gal', tone: 'better' },
    ]);
  });

  it('names the answers that differ, and a roof one variant lacks', () => {
    const data = read('sm/fixtures/base/valid.json');
    const other = structuredClone(data) as { roofs: { substrate: { thickness: number } }[] };
    other.roofs[0]!.substrate.thickness = 30;
    other.roofs.pop();
    const rows = inputRows([derive(sm, data), derive(sm, other)], fr, 'fr');
    const thickness = rows.find((r) => r.label.endsWith('Épaisseur du substrat') && r.cells[1] === '30 cm');
    expect(thickness?.cells).toEqual(['10 cm', '30 cm']);
    expect(rows.find((r) => r.label === 'Toitures')?.cells[1]).toBe('absente');
    // nothing else differs in the first roof
    expect(rows.filter((r) => r.label.startsWith('Toiture 1 '))).toHaveLength(1);
    expect(inputRows([derive(sm, data), derive(sm, data)], fr, 'fr')).toEqual([]);
  });

  it('overlays the monthly series of roofs matched by name, a missing roof as null', () => {
    const charts = monthlyCharts(sm.compare!.monthly!, [base, thicker]);
    expect(charts.map((c) => c.name)).toEqual(['Toiture A', 'Toiture B', 'Toiture C']);
    expect(charts[0]!.series[1]).toBeNull();
    expect(charts[1]!.series.map((s) => s![0])).toEqual([10, 11]);
    expect(charts[2]!.series[0]).toBeNull();
  });
});
