/**
 * The abattement water balance as a calculation a bundle names ('abattement'): the method, which reads
 * its climate from the product (French postcodes or Canadian regions), and for each factor of the
 * bundle's `results.stress` the same project under more rain.
 */
import type { StressCase } from '../../../words/results/abattement';
import type { Calculation } from '../calculation';
import { ABATTEMENT_METHOD, calculateAbattement } from './abattement';
import resultsSchema from './results.schema.json' with { type: 'json' };

const run: Calculation['run'] = (bundle, project, opts) => {
  const product = bundle.productType as 'skywater_manager' | 'smca';
  const measured = opts.measured ? { measured: opts.measured } : {};
  const base = calculateAbattement(product, project, measured);
  if (!base.ok || opts.stress === false || !bundle.results.stress?.length) return base;
  const stress: StressCase[] = [];
  for (const f of bundle.results.stress) {
    // the same days (generated or measured) rain f times harder; the surfaces behind a missed target are
    // named for the project as it is only
    const r = calculateAbattement(product, project, {
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
