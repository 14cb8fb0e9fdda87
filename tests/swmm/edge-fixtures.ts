/**
 * Every distinct sm and smca fixture and example site (as `npm run swmm:compare` lists them) and the
 * measured Toronto-in-Montréal site: the site's annual retention, its verdict share and each surface's
 * retention, as JSON, to set a method's figures beside another's (run in a worktree of each).
 */
import { calculate, type AbattementResults } from '../../server/calc';
import { bundleOfProduct } from '../../server/projects/products';
import { fixtureSites, measuredSite } from './retention';

const out: Record<string, unknown> = {};
for (const s of [...fixtureSites(), await measuredSite()]) {
  const r = calculate(bundleOfProduct(s.product), s.project, {
    stress: false,
    ...(s.measured ? { measured: s.measured } : {}),
  });
  if (!r.ok) continue;
  const x = r.results as AbattementResults;
  out[s.label] = {
    retention: x.site.abattement,
    share: x.site.respectConsigneAbattement,
    met: x.site.target_met,
    surfaces: Object.fromEntries(
      x.balance.map((b) => {
        const reached = b.precipitation_m3_per_year + b.inflow_m3_per_year;
        return [b.name, reached > 0 ? Math.round(1000 * (1 - b.outflow_m3_per_year / reached)) / 10 : 100];
      }),
    ),
  };
}
console.log(JSON.stringify(out));
