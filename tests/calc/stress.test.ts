import { describe, expect, it } from 'vitest';
import { calculate, type AbattementResults, type StressCase } from '../../server/calc';
import { bundleOfProduct } from '../../server/projects/products';
import { example } from './helpers';

type Stressed = AbattementResults & { stress?: StressCase[] };

/**
 * The climate-stress sensitivity (issue 13): the bundle's rain factors give the same project under more
 * rain; more rain on the same rainy days means less of it held, more of it to the sewer.
 */
describe('climate stress', () => {
  it.each([
    ['skywater_manager', 'sm-paris'],
    ['smca', 'smca-toronto'],
  ] as const)('%s: +10 % and +20 % rain hold a smaller share and send more to the sewer', (type, file) => {
    const out = calculate(bundleOfProduct(type), example(file));
    if (!out.ok) throw new Error(JSON.stringify(out.reasons));
    const r = out.results as Stressed;
    expect(r.stress?.map((x) => x.rain_factor)).toEqual([1.1, 1.2]);
    const [ten, twenty] = r.stress!;
    expect(ten!.site.abattement).toBeLessThan(r.site.abattement);
    expect(twenty!.site.abattement).toBeLessThan(ten!.site.abattement);
    expect(ten!.site.to_sewer_m3_per_year).toBeGreaterThan(r.site.to_sewer_m3_per_year);
    expect(twenty!.site.to_sewer_m3_per_year).toBeGreaterThan(ten!.site.to_sewer_m3_per_year);
    expect(ten!.roofs.map((x) => x.name)).toEqual(r.toitureResults.map((x) => x.toiture.name));
  });

  it('is left out of the live preview', () => {
    const out = calculate(bundleOfProduct('skywater_manager'), example('sm-paris'), { stress: false });
    expect(out.ok && 'stress' in out.results).toBe(false);
  });
});
