/**
 * The sm and smca SWMM model (issue 39.2) as text, without SWMM (tests/swmm runs it): the rain gage holds
 * every drop of the series on its day, each green roof's soil the water the balance's roof holds (in a
 * thicker soil when the substrate is too thin for it), spills route subcatchment to subcatchment.
 */
import { describe, expect, it } from 'vitest';
import { abattementModel, calculateAbattement } from '../../server/calc/abattement/abattement';
import { abattementSwmm } from '../../server/calc/abattement/swmmExport';
import { example, form } from './helpers';

const words = {
  t: (k: string, p?: Record<string, unknown>) => `${k} ${JSON.stringify(p ?? {})}`,
  name: 'P',
  number: 7,
};

/** The data lines of a section, split on spaces. */
const section = (inp: string, name: string) => {
  const lines = inp.slice(inp.indexOf(`[${name}]`)).split('\n');
  return lines
    .slice(1, lines.indexOf(''))
    .filter((l) => !l.startsWith(';'))
    .map((l) => l.split(/ +/));
};

const exported = (product: 'skywater_manager' | 'smca', p: ReturnType<typeof example>) => {
  const r = calculateAbattement(product, p);
  if (!r.ok) throw new Error(JSON.stringify(r.reasons));
  return { results: r.results, inp: abattementSwmm(p, r.results, { ...words, product }) };
};

describe('the abattement SWMM model', () => {
  it('rains the generated series on 365-day years from 2001, 29 February dry, every millimetre kept', () => {
    const p = example('sm-paris');
    const { inp } = exported('skywater_manager', p);
    const model = abattementModel('skywater_manager', p)!;
    const rain = section(inp, 'TIMESERIES').filter((l) => l[0] === 'RAIN');
    const total = model.series.precip.reduce((x, y) => x + y, 0);
    expect(rain.reduce((x, l) => x + Number(l[3]), 0)).toBeCloseTo(total, 0);
    expect(rain.filter((l) => l[1]!.startsWith('02/29/'))).toEqual([]);
    expect(rain.every((l) => l[2] === '00:00')).toBe(true);
    const temps = section(inp, 'TIMESERIES').filter((l) => l[0] === 'TEMPERATURE');
    expect(temps).toHaveLength(36500);
    expect(section(inp, 'OPTIONS')).toEqual(
      expect.arrayContaining([
        ['START_DATE', '01/01/2001'],
        ['END_DATE', '01/01/2101'],
      ]),
    );
    // the title: the project's name and number, the method's version, the station
    expect(inp.split('\n').slice(2, 5)).toEqual([
      'sm.swmm.title {"name":"P","number":7}',
      'sm.swmm.method {"version":"3.1.2"}',
      expect.stringMatching(
        /^sm\.swmm\.climate_generated \{"station":"Paris-Montsouris",.*"years":100,"first":2001,"last":2100\}$/,
      ),
    ]);
  });

  it("holds each green roof's water in its soil, thickening a substrate too thin for it", () => {
    const p = example('smca-toronto');
    // 40 mm of substrate holding 0.3, a 20 mm retention module and the 5 mm mat: 37 mm in 40 mm of soil
    Object.assign(form(p, 'Toiture', 0), {
      substrat_stroke: 4,
      drain: 'SOPRARETENTIO_MODULE',
      sopraretentio_mat: true,
    });
    const { inp, results } = exported('smca', p);
    const soils = section(inp, 'LID_CONTROLS').filter((l) => l[1] === 'SOIL');
    expect(soils).toHaveLength(2);
    soils.forEach(([, , thick, por, fc, wp], i) => {
      expect(Number(thick) * (Number(fc) - Number(wp))).toBeCloseTo(
        results.toitureResults[i]!.capacity_mm,
        3,
      );
      expect(Number(por)).toBeLessThanOrEqual(0.95);
      expect(Number(fc)).toBeLessThan(Number(por));
    });
    expect(results.toitureResults[0]!.capacity_mm).toBe(37);
    expect(Number(soils[0]![2])).toBeCloseTo(37 / 0.8, 3);
    expect(inp).toContain(';smca.swmm.green_thickened {"name":"Tower roof"');
    // the intensive podium without a substrate: the balance's default 300 mm
    expect(Number(soils[1]![2])).toBe(300);
  });

  it('routes a spill to the receiving subcatchment and the rest to the sewer', () => {
    const p = example('sm-paris');
    const { inp } = exported('skywater_manager', p);
    const outlets = section(inp, 'SUBCATCHMENTS').map((l) => [l[0], l[2]]);
    // Toiture A spills onto the garden (S3), Toiture B and the garden to the sewer
    expect(outlets).toEqual([
      ['S1', 'S3'],
      ['S2', 'SEWER'],
      ['S3', 'SEWER'],
    ]);
    // the green roof wholly covered by its LID unit, the bare roof impervious, the garden pervious
    expect(section(inp, 'LID_USAGE')).toEqual([['S1', 'GR1', '1', '800', '28.2843', '0', '0', '0']]);
    expect(section(inp, 'SUBCATCHMENTS').map((l) => l[4])).toEqual(['0', '100', '0']);
    expect(section(inp, 'INFILTRATION')[2]).toEqual(['S3', '1.25', '1.25', '0', '7', '0']);
  });
});
