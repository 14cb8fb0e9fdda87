/**
 * `npm run swmm:compare`: the annual retention of every sm and smca fixture and example, the product's
 * beside EPA SWMM 5.2.4's on the model a user downloads (issue 39.2), as the Markdown table of
 * docs/QUALITY.md, with each run's continuity error and time.
 */
import { compareSite, fixtureSites, measuredSite, retentionTable, type SiteComparison } from './retention';
import { swmmBinary } from './runswmm';

const binary = swmmBinary();
if ('reason' in binary) {
  console.log(`SWMM cannot be run here: ${binary.reason}`);
  process.exit(1);
}
const sites = [...fixtureSites(), await measuredSite()];
const out: SiteComparison[] = [];
for (let i = 0; i < sites.length; i += 2)
  out.push(...(await Promise.all(sites.slice(i, i + 2).map((s) => compareSite(binary.path, s)))));
console.log(retentionTable(out));
console.log('');
for (const c of out)
  console.log(
    `${c.site}: continuity ${c.continuity.join(' / ')} %, ${c.errors.length} errors, ${c.warnings.length} warnings, ${c.seconds.toFixed(1)} s`,
  );
