/**
 * Every sm and smca fixture and example exported as the EPA SWMM model a user downloads (issue 39.2) and
 * read back through SWMM 5.2.4 built from ../shared/tools/swmm: it runs without an error, a warning or a
 * continuity error beyond 0.5 %, and gives each surface and the site an annual retention (printed beside
 * the product's: the figures docs/QUALITY.md quotes, `npm run swmm:compare`). Skipped, with the reason
 * printed, only where SWMM cannot be built.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { compareSite, fixtureSites, measuredSite, retentionTable, type SiteComparison } from './retention';
import { swmmBinary } from './runswmm';

const binary = swmmBinary();
const skip = 'reason' in binary ? binary.reason : null;
if (skip) console.log(`SWMM green roof comparison skipped: ${skip}`);
const runswmm = 'path' in binary ? binary.path : '';

const seen: SiteComparison[] = [];
afterAll(() => {
  if (seen.length) console.log(`retention, product against SWMM 5.2.4:\n${retentionTable(seen)}`);
});

describe.skipIf(skip !== null)('sm and smca sites through EPA SWMM 5.2.4', () => {
  it('runs every fixture and example, and a measured series, without an error, a warning or a continuity error', async () => {
    const sites = [...fixtureSites(), await measuredSite()];
    // both products, the examples, grounds and spills among them
    expect(sites.filter((s) => s.product === 'smca').length).toBeGreaterThanOrEqual(4);
    expect(sites.filter((s) => s.product === 'skywater_manager').length).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < sites.length; i += 2)
      seen.push(...(await Promise.all(sites.slice(i, i + 2).map((s) => compareSite(runswmm, s)))));
    const problems = seen.flatMap((c) => [
      ...c.errors.map((e) => `${c.site}: ${e}`),
      ...c.warnings.map((w) => `${c.site}: ${w}`),
      ...c.continuity.filter((x) => !(Math.abs(x) <= 0.5)).map((x) => `${c.site}: continuity error ${x} %`),
    ]);
    expect(problems).toEqual([]);
    for (const c of seen) {
      // SWMM read the whole series (a runoff continuity table) and every surface
      expect(c.continuity.length, c.site).toBeGreaterThan(0);
      for (const r of c.rows) {
        expect(r.swmm, `${c.site}, ${r.what}`).toBeGreaterThanOrEqual(0);
        expect(r.swmm, `${c.site}, ${r.what}`).toBeLessThanOrEqual(100);
      }
    }
  }, 900_000);
});
