/**
 * The abattement water balance as a calculation a bundle names ('abattement'): the method, which reads
 * its climate from the product (French postcodes or Canadian regions), and for each factor of the
 * bundle's `results.stress` the same project under more rain.
 */
import type { StressCase } from '../../../words/results/abattement';
import type { Calculation } from '../calculation';
import { ABATTEMENT_METHOD, calculateAbattement } from './abattement';
import resultsSchema from './results.schema.json' with { type: 'json' };
import type { Station } from './stations';

/** Every monthly rain normal of a station times `f` (rainy days unchanged: the same days rain harder). */
function moreRain(f: number): (s: Station) => Station {
  const times = (xs: (number | null)[] | undefined) => xs?.map((x) => (x === null ? null : x * f));
  return (s) => ({
    ...s,
    precip_mm: s.precip_mm.map((x) => x * f),
    ...(s.rain_mm ? { rain_mm: times(s.rain_mm)! } : {}),
  });
}

const run: Calculation['run'] = (bundle, project, opts) => {
  const product = bundle.productType as 'skywater_manager' | 'smca';
  const measured = opts.measured ? { measured: opts.measured } : {};
  const base = calculateAbattement(product, project, measured);
  if (!base.ok || opts.stress === false || !bundle.results.stress?.length) return base;
  const stress: StressCase[] = [];
  for (const f of bundle.results.stress) {
    // a generated series from wetter normals; a measured one, its same days wetter; the surfaces behind a
    // missed target are named for the project as it is only
    const r = calculateAbattement(product, project, {
      adjustStation: moreRain(f),
      rainFactor: f,
      explain: false,
      ...measured,
    });
    if (!r.ok) continue;
    stress.push({
      rain_factor: f,
      site: {
        abattement: r.results.site.abattement,
        respectConsigneAbattement: r.results.site.respectConsigneAbattement,
        to_sewer_m3_per_year: r.results.site.to_sewer_m3_per_year,
      },
      roofs: r.results.toitureResults.map((x) => ({
        name: x.toiture.name,
        abattement: x.annual?.abattement ?? null,
      })),
    });
  }
  return { ok: true, results: { ...base.results, stress } };
};

export const calculation: Calculation = { run, resultsSchema, method: ABATTEMENT_METHOD };
