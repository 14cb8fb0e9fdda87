/**
 * The target's verdict and its reasons (issues 36 and 37, method 3.1): the site meets its target when it
 * keeps the target depth on at least the rule's share of rainy days; a missed target names the surfaces
 * that cannot hold the depth on their way to the sewer, and what the rest of the site would reach, held
 * to a plain day-by-day balance of the rest (tests/calc/balanceReference.ts); the snow still lying at the
 * end of the series is the part of the site's rain that no surface's row counts.
 */
import { describe, expect, it } from 'vitest';
import { calculateAbattement, type AbattementResults } from '../../server/calc/abattement/abattement';
import params from '../../server/calc/abattement/params.json' with { type: 'json' };
import { balanceAt } from './balanceNetwork';
import { referenceBalance } from './balanceReference';
import { example, form, torontoSurfaces } from './helpers';

const run = (product: 'skywater_manager' | 'smca', p: ReturnType<typeof example>): AbattementResults => {
  const r = calculateAbattement(product, p);
  if (!r.ok) throw new Error(JSON.stringify(r.reasons));
  return r.results;
};
const sum = (xs: ArrayLike<number>) => Array.from(xs).reduce((a, b) => a + b, 0);
const pct = (x: number) => Math.round(x * 10) / 10;

/** Toronto's two green roofs, each to the sewer, beside a car park of `parking` m2 (or none). */
function toronto(parking: number | null) {
  const p = example('smca-toronto');
  p.steps.Deversement!.forms = [0, 1].map((i) => ({
    uuid: `Deversement${i}`,
    form: { source: { uuid: `Toiture${i}` }, destination: 'Égouts' },
  }));
  if (parking !== null) {
    p.steps.Sol = {
      condition_value: true,
      forms: [{ uuid: 'Sol0', form: { name: 'Parking', surface: parking, type: 'ESPACE_AMENAGE' } }],
    };
  }
  return p;
}

describe("the target's verdict (method 3.1)", () => {
  it('is met on the rule’s share of rainy days, missed below it, and absent without a target', () => {
    const missed = run('skywater_manager', example('sm-paris')).site;
    expect(missed.target_min_share).toBe(params.target_min_share.value);
    expect(missed.respectConsigneAbattement).toBeLessThan(missed.target_min_share!);
    expect(missed.target_met).toBe(false);
    // 1 mm to retain: the green roof and the garden keep it nearly always, the bare roof holds 1 mm
    const p = example('sm-paris');
    form(p, 'Chantier').millimeters = 1;
    const met = run('skywater_manager', p).site;
    expect(met.respectConsigneAbattement).toBeGreaterThanOrEqual(met.target_min_share!);
    expect(met.target_met).toBe(true);
    expect(met.target_blockers).toBeNull();
    const none = example('sm-paris');
    form(none, 'Chantier').constraints = false;
    const free = run('skywater_manager', none).site;
    expect([free.target_met, free.target_min_share, free.target_blockers]).toEqual([null, null, null]);
  });

  it('names the surface that makes the site miss it, and what the site reaches without it', () => {
    // the roofs each keep the 5 mm on most rainy days; a car park draining to the sewer fails every
    // rain above its 2 mm of initial loss, and the site with it
    const r = run('smca', toronto(900));
    const [tower, podium] = r.toitureResults;
    expect(r.site.respectConsigneAbattement).toBeLessThan(
      Math.min(tower!.annual.respectConsigneAbattement, podium!.annual.respectConsigneAbattement) - 20,
    );
    expect(r.site.target_met).toBe(false);
    const blockers = r.site.target_blockers!;
    expect(blockers.names).toEqual(['Parking']);
    expect(blockers.area_m2).toBe(900);
    // without it: the two roofs alone, day by day
    const alone = run('smca', toronto(null)).site.respectConsigneAbattement;
    expect(blockers.share_without).toBe(alone);
    const surfaces = torontoSurfaces(-1);

    const { series, petDaily } = balanceAt('toronto', 100, 5);
    const ref = referenceBalance(surfaces, [0, 1], series, petDaily, 5, 3, 1);
    expect(blockers.share_without).toBe(
      pct((100 * sum(ref.siteMonthRespected)) / sum(ref.roofMonthRainyDays[0]!)),
    );
    expect(blockers.share_without).toBeGreaterThan(r.site.respectConsigneAbattement + 20);
    expect(blockers.met_without).toBe(blockers.share_without >= params.target_min_share.value);
  });

  it('names none when every surface holds the target depth (the site misses it on successive rains)', () => {
    const r = run('smca', toronto(null));
    expect(r.site.target_met).toBe(false);
    expect(r.site.target_blockers).toBeNull();
  });
});

describe("the site's rain", () => {
  it('is the rows’ water and the snow still lying at the end of the series', () => {
    const r = run('smca', example('smca-toronto'));
    const rows = sum(r.toitureResults.map((x) => x.volumes.water_m3)) + (r.grounds?.volumes.water_m3 ?? 0);
    expect(r.site.snow_end_m3_per_year).toBeGreaterThan(0.5);
    expect(rows + r.site.snow_end_m3_per_year).toBeCloseTo(r.site.precipitation_m3_per_year, 2);
    // Paris: no snow left at the end of the series
    expect(run('skywater_manager', example('sm-paris')).site.snow_end_m3_per_year).toBe(0);
  });
});
