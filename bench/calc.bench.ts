/**
 * npm run bench:calc — median times over repeated runs (after a warm-up), each printed beside its goal and
 * a baseline measured in the same run:
 * - abattement for 20 roofs and 5 grounds with spills over 100 years (goal <= 50 ms); baseline: 1 roof;
 * - the daily water balance alone for the same kind of network (20 roofs + 5 grounds, 100 years, Paris;
 *   goal <= 10 ms, issue 12); baseline: 1 roof;
 * - flow limiter for 50 roofs (goal <= 5 ms); baseline: 1 roof;
 * - the same 50 roofs with the routing check beside the calculation without it (issue 25: goal at most
 *   2x the calculation without it), and the roof routings it took (a count the machine's load does not
 *   move; method 1.2 took 1450); method 1.4 (issue 36): the routing check of the block rains alone
 *   (what method 1.3 routed) in the same blocks, and the cost of the Chicago and Desbordes storms as
 *   the ratio of the whole check to it.
 * - abattement (`calculate`, no sensitivity runs) of 200 roofs in one chain of spills, each onto the next
 *   (goal: within 2x, issue 26); baseline: the same 200 roofs side by side.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { calculate, type StoredProject } from '../server/calc';
import { calculateFlowLimiter } from '../server/calc/flow-limiter/flowLimiter';
import { roofRoutings } from '../server/calc/flow-limiter/routing';
import { bundleOfProduct } from '../server/projects/products';
import { runBalance } from '../server/calc/abattement/balance';
import { balanceAt } from '../tests/calc/balanceNetwork';

const example = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../server/calc/examples/${name}.json`, import.meta.url), 'utf8'),
  ) as StoredProject;

function median(fn: () => void, runs: number): number {
  for (let i = 0; i < 3; i += 1) fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    fn();
    xs.push(performance.now() - t);
  }
  return xs.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

function abattementProject(roofs: number, grounds: number): StoredProject {
  const p = example('sm-paris');
  const roof = p.steps.Toiture!.forms![0]!.form!;
  const ground = p.steps.Sol!.forms![0]!.form!;
  p.steps.Toiture!.forms = Array.from({ length: roofs }, (_, i) => ({
    uuid: `Toiture${i}`,
    form: { ...roof, name: `Toiture ${i}`, substrat_stroke: 6 + (i % 10) },
  }));
  p.steps.Sol!.forms = Array.from({ length: grounds }, (_, i) => ({
    uuid: `Sol${i}`,
    form: { ...ground, name: `Sol ${i}`, type: i % 2 ? 'ESPACE_AMENAGE' : 'PLEINE_TERRE' },
  }));
  // Roofs spill in chains of four, the last of each chain onto a ground, the rest to the sewer.
  p.steps.Deversement!.forms = Array.from({ length: roofs }, (_, i) => ({
    uuid: `Deversement${i}`,
    form: {
      source: { uuid: `Toiture${i}` },
      destination:
        i % 4 !== 3 && i + 1 < roofs
          ? { uuid: `Toiture${i + 1}` }
          : i / 4 < grounds
            ? { uuid: `Sol${Math.floor(i / 4)}` }
            : 'Égouts',
    },
  }));
  return p;
}

/** `roofs` roofs of the Paris example, side by side or each spilling onto the next. */
function roofsProject(roofs: number, chain: boolean): StoredProject {
  const p = abattementProject(roofs, 0);
  p.steps.Sol!.forms = [];
  p.steps.Sol!.condition_value = false;
  p.steps.Deversement!.forms = Array.from({ length: roofs }, (_, i) => ({
    uuid: `Deversement${i}`,
    form: {
      source: { uuid: `Toiture${i}` },
      destination: chain && i + 1 < roofs ? { uuid: `Toiture${i + 1}` } : 'Égouts',
    },
  }));
  return p;
}

function flowProject(roofs: number): StoredProject {
  const p = example('sl-lyon');
  const roof = p.steps.Toiture!.forms![0]!.form!;
  p.steps.Toiture!.forms = Array.from({ length: roofs }, (_, i) => ({
    uuid: `Toiture${i}`,
    form: { ...roof, name: `Toiture ${i}`, surface_retention: 200 + 37 * i },
  }));
  return p;
}

const check = (r: ReturnType<typeof calculate>) => {
  if (!r.ok) throw new Error(JSON.stringify(r.reasons));
};
const big = abattementProject(20, 5);
const small = abattementProject(1, 0);
const sm = bundleOfProduct('skywater_manager');
check(calculate(sm, big));
// The method alone (as the live preview runs it), then as the calculate route runs it: with the
// climate-stress sensitivity (the project again under each of the bundle's rain factors).
const ab = median(() => check(calculate(sm, big, { stress: false })), 15);
const abBase = median(() => check(calculate(sm, small, { stress: false })), 15);
const abStress = median(() => check(calculate(sm, big)), 9);
const net = balanceAt('paris', 100, 8);
const wb = median(() => runBalance(net.surfaces, net.order, net.series, net.petDaily, 8, 3, 1), 31);
const one = [{ ...net.surfaces[0]!, to: -1 }];
const wbBase = median(() => runBalance(one, [0], net.series, net.petDaily, 8, 3, 1), 31);
const side200 = roofsProject(200, false);
const chain200 = roofsProject(200, true);
check(calculate(sm, chain200, { stress: false }));
const side = median(() => check(calculate(sm, side200, { stress: false })), 9);
const chain = median(() => check(calculate(sm, chain200, { stress: false })), 9);
const fl50 = flowProject(50);
const fl1 = flowProject(1);
const fl = median(() => check(calculate(bundleOfProduct('slowli'), fl50)), 200);
const flBase = median(() => check(calculate(bundleOfProduct('slowli'), fl1)), 200);
// With and without the routing check, alternated block by block so that the machine's drift weighs on
// both alike; a block is the median of 40 samples, each sample 20 calculations (about 1 ms, well above
// the timer's grain); the ratio is the median of the 11 blocks' ratios, printed with their spread.
const BATCH = 20;
const batch = (routing: boolean | 'blocks', size: number) => () => {
  for (let k = 0; k < size; k += 1) check(calculateFlowLimiter(fl50, { routing }));
};
const routed: number[] = [];
const unrouted: number[] = [];
const blocksOnly: number[] = [];
const ratios: number[] = [];
const blockRatios: number[] = [];
const stormRatios: number[] = [];
for (let i = 0; i < 11; i += 1) {
  // the whole check takes ~100x a calculation without it: fewer of them a sample, as many samples
  routed.push(median(batch(true, 2), 40) / 2);
  unrouted.push(median(batch(false, BATCH), 40) / BATCH);
  blocksOnly.push(median(batch('blocks', BATCH), 40) / BATCH);
  ratios.push(routed[i]! / unrouted[i]!);
  blockRatios.push(blocksOnly[i]! / unrouted[i]!);
  stormRatios.push(routed[i]! / blocksOnly[i]!);
}
const routingsBefore = roofRoutings();
check(calculateFlowLimiter(fl50));
const work = roofRoutings() - routingsBefore;
const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const flRouted = mid(routed);
const flUnrouted = mid(unrouted);
const flBlocks = mid(blocksOnly);
const ratio = mid(ratios);
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}x`;
console.log(
  `abattement, 20 roofs + 5 grounds with spills, 100 years: median ${ab.toFixed(1)} ms (goal <= 50 ms) ${ab <= 50 ? 'OK' : 'MISSED'} | baseline 1 roof ${abBase.toFixed(1)} ms`,
);
console.log(
  `same, with the climate-stress sensitivity (${sm.results.stress?.length ?? 0} more runs): median ${abStress.toFixed(1)} ms | baseline without ${ab.toFixed(1)} ms`,
);
console.log(
  `water balance alone, 20 roofs + 5 grounds, 100 years: median ${wb.toFixed(1)} ms (goal <= 10 ms) ${wb <= 10 ? 'OK' : 'MISSED'} | baseline 1 roof ${wbBase.toFixed(1)} ms`,
);
console.log(
  `abattement, 200 roofs in one chain of spills: median ${chain.toFixed(1)} ms = ${(chain / side).toFixed(2)}x (goal <= 2x) ${chain <= 2 * side ? 'OK' : 'MISSED'} | baseline the same 200 roofs side by side ${side.toFixed(1)} ms`,
);
console.log(
  `flow limiter, 50 roofs: median ${fl.toFixed(2)} ms (goal <= 5 ms) ${fl <= 5 ? 'OK' : 'MISSED'} | baseline 1 roof ${flBase.toFixed(2)} ms`,
);
console.log(
  `flow limiter, 50 roofs, with the routing check (block rains, Chicago, Desbordes): median ${flRouted.toFixed(3)} ms | baseline without it ${flUnrouted.toFixed(3)} ms: ${ratio.toFixed(2)}x (blocks ${spread(ratios)}; goal <= 2x) ${ratio <= 2 ? 'OK' : 'MISSED'}; ${work} block-rain roof routings (method 1.2: 1450)`,
);
console.log(
  `same, the block rains alone (method 1.3's check): median ${flBlocks.toFixed(3)} ms = ${mid(blockRatios).toFixed(2)}x the calculation without routing (blocks ${spread(blockRatios)}; goal <= 2x) ${mid(blockRatios) <= 2 ? 'OK' : 'MISSED'} | the Chicago and Desbordes storms: the whole check ${mid(stormRatios).toFixed(1)}x the block rains alone (blocks ${spread(stormRatios)})`,
);
process.exitCode = ab <= 50 && wb <= 10 && fl <= 5 && chain <= 2 * side ? 0 : 1;
