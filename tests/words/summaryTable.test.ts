/**
 * One figure, one value (issue 37 item 2) and one figure for the site's rain (issue 36 item 6): the
 * summary's site row is the site's own figure, written as the cover and the comparison write it, not the
 * sum of the rows as written (880,09 beside 880,1); every volume of a column has the column's decimals;
 * the snow still lying at the end of the series is a row, so that the rain column adds up to the site's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { figureWriter } from '../../words/figures';
import { summaryTable } from '../../words/resultsText';
import type { AbattementResults as AbattementView } from '../../words/results';

const formats = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/sm/bundle.json'), 'utf8')) as {
    figures: { formats: Parameters<typeof figureWriter>[0] };
  }
).figures.formats;
const t = (k: string, p?: Record<string, unknown>) =>
  k === 'units.m3' ? 'm³' : k === 'units.percent' ? '%' : p?.years ? `snow ${String(p.years)}` : k;
const w = figureWriter(formats, 'METRIC', t, 'fr');
const roof = (name: string, volumes: Record<string, number>) =>
  ({
    toiture: { name },
    annual: { abattement: 50, respectConsigneAbattement: 66, own: 50 },
    volumes,
  }) as unknown as AbattementView['toitureResults'][number];
const site = (rows: AbattementView['toitureResults'], extra: Record<string, number> = {}) =>
  ({
    toitureResults: rows,
    grounds: null,
    years: 100,
    site: {
      abattement: 70,
      respectConsigneAbattement: 66,
      precipitation_m3_per_year: rows.reduce((x, r) => x + r.volumes.water_m3, 0),
      to_sewer_m3_per_year: rows.reduce((x, r) => x + r.volumes.to_sewer_m3, 0),
      ...extra,
    },
  }) as unknown as AbattementView;

describe('the summary table', () => {
  it("writes the site's figure in its row, as the cover does, not the sum of the rows as written", () => {
    // three rows whose written volumes (55,0 + 109,4 + 1,9 = 166,3) and whose sum (166,348) part ways
    // at the last digit before: the site row said 166,29
    const r = site([
      roof('A', { water_m3: 507.44, own_m3: 323.948, downstream_m3: 128.476, to_sewer_m3: 55.016 }),
      roof('B', { water_m3: 126.86, own_m3: 17.421, downstream_m3: 0, to_sewer_m3: 109.439 }),
      roof('C', { water_m3: 190.29, own_m3: 188.397, downstream_m3: 0, to_sewer_m3: 1.893 }),
    ]);
    const { rows } = summaryTable(r, w, t);
    expect(rows.at(-1)![7]).toBe(w.text('volume', r.site.to_sewer_m3_per_year));
    expect(rows.at(-1)![7]).toBe('166,3\u00a0m³');
    // every volume with the column's one decimal (no 1,89 among 55,0 and 109,4), shares with theirs
    expect(rows[2]![7]).toBe('1,9\u00a0m³');
    expect(rows[0]![3]).toBe('66,0\u00a0%');
    expect(rows[1]![6]).toBe('0,0\u00a0m³');
  });

  it("adds the snow still lying at the end of the series, so the rain column adds up to the site's rain", () => {
    const rows = [
      roof('Tower', { water_m3: 1209.587, own_m3: 607.358, downstream_m3: 0, to_sewer_m3: 602.23 }),
      roof('Podium', { water_m3: 483.835, own_m3: 340.81, downstream_m3: 0, to_sewer_m3: 143.025 }),
    ];
    const r = site(rows, { precipitation_m3_per_year: 1694.28, snow_end_m3_per_year: 0.858 });
    const table = summaryTable(r, w, t);
    expect(table.rows.map((x) => x[0])).toEqual(['Tower', 'Podium', 'snow 100', 'app.results_view.site']);
    expect(table.rows[2]!.slice(1)).toEqual(['–', '–', '–', '0,9\u00a0m³', '–', '–', '–']);
    expect(table.rows[3]![4]).toBe('1\u00a0694,3\u00a0m³');
    // no snow left: no row
    expect(summaryTable(site(rows), w, t).rows).toHaveLength(3);
  });
});
