/**
 * The product against EPA SWMM 5.2.4 (issues 36 and 39): every sl fixture and example, and designs at the
 * permit whose orifices run as weirs, exported as the .inp a user downloads and run through SWMM built
 * from ../shared/tools/swmm. Under each design storm of the note, the product's routed peak outflow,
 * peak storages, heads and (block rain) emptying times stay within 0.5 % of SWMM's, and SWMM runs each
 * model without a warning. Skipped, with the reason printed, only where SWMM cannot be built.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { compareDesign, type Comparison } from './compare';
import { BARE, EDGES, fixtureDesigns, WIDE, type Design } from './designs';
import { swmmBinary } from './runswmm';

const binary = swmmBinary();
const skip = 'reason' in binary ? binary.reason : null;
if (skip) console.log(`SWMM comparison skipped: ${skip}`);
const runswmm = 'path' in binary ? binary.path : '';

/** Every comparison made, printed at the end (the figures docs/QUALITY.md quotes). */
const seen: Comparison[] = [];
afterAll(() => {
  if (!seen.length) return;
  const rows = seen.map((c) => {
    const worst = c.pairs.reduce((m, p) => Math.max(m, p.gap), 0);
    const q = c.pairs[0];
    return `${c.design} | ${c.storm} | ${c.diameter} mm | ${c.share} | Q ${q?.product.toPrecision(5)} vs ${q?.swmm.toPrecision(5)} | worst gap ${(100 * worst).toFixed(3)} %`;
  });
  console.log(`product against SWMM 5.2.4:\n${rows.join('\n')}`);
});

/** The designs two at a time (the machine's two cores), each storm of a design side by side. */
async function compareAll(designs: Design[]): Promise<Comparison[]> {
  const out: Comparison[] = [];
  for (let i = 0; i < designs.length; i += 2)
    for (const list of await Promise.all(designs.slice(i, i + 2).map((d) => compareDesign(runswmm, d))))
      out.push(...list);
  seen.push(...out);
  return out;
}

/** Each figure beyond 0.5 % of SWMM's, and each problem SWMM reported, in words. */
const beyond = (cs: Comparison[]) =>
  cs.flatMap((c) => [
    ...c.pairs
      .filter((p) => !(p.gap <= 0.005))
      .map((p) => `${c.design}, ${c.storm}: ${p.what} ${p.product} vs SWMM ${p.swmm}`),
    ...c.problems.map((x) => `${c.design}, ${c.storm}: ${x}`),
  ]);

describe.skipIf(skip !== null)('sl designs against EPA SWMM 5.2.4', () => {
  it('holds every sl fixture and example within 0.5 % of SWMM under each design storm', async () => {
    const designs = fixtureDesigns();
    expect(designs.length).toBeGreaterThanOrEqual(8);
    const cs = await compareAll(designs);
    expect(cs.length).toBe(3 * designs.length);
    expect(beyond(cs)).toEqual([]);
  }, 600_000);

  it('holds designs at the permit with orifices over 54 mm (weir flow under the recess) and a roof without recess', async () => {
    const cs = await compareAll([...WIDE, BARE]);
    // the designs are what they claim: wide orifices, a storm at the permit
    for (const d of WIDE) {
      const mine = cs.filter((c) => c.design === d.label);
      expect(mine[0]!.diameter).toBeGreaterThan(54);
      expect(Math.max(...mine.map((c) => c.share))).toBeGreaterThan(0.995);
    }
    expect(beyond(cs)).toEqual([]);
  }, 600_000);

  it("holds designs at the method's edges: 1 m2 to 15 ha, five roofs on one orifice, capped and imposed volumes", async () => {
    const cs = await compareAll(EDGES);
    expect(cs.length).toBe(3 * EDGES.length);
    // the designs are what they claim: the minimum orifice over the permit, a capped roof over its cap
    const tiny = cs.find((c) => c.design.startsWith('1 m2'))!;
    expect(tiny.diameter).toBe(10);
    expect(tiny.share).toBeGreaterThan(20);
    expect(cs.filter((c) => c.design.startsWith('five roofs'))[0]!.pairs.length).toBeGreaterThan(10);
    expect(beyond(cs)).toEqual([]);
  }, 600_000);

  it('tells the orifice law at every head (method 1.3) from SWMM on the wide designs', async () => {
    // the check can fail: the product's figures under the old law leave 0.5 % of SWMM's behind
    const cs = (await Promise.all(WIDE.slice(0, 2).map((d) => compareDesign(runswmm, d, 'orifice')))).flat();
    const gaps = cs.flatMap((c) => c.pairs.filter((p) => p.what.startsWith('site')).map((p) => p.gap));
    expect(Math.max(...gaps)).toBeGreaterThan(0.005);
  }, 600_000);
});
