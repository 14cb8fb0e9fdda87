/**
 * One sl design against EPA SWMM 5.2.4 (issues 36 and 39): calculate it, export it as the .inp a user
 * downloads, run SWMM on it once per design storm (the storm routed switched in the inflows, as the
 * file's notes tell an engineer to, and the run ended once the storm's peaks are past), and set the
 * product's routed figures under the same storm beside SWMM's: the site's peak outflow, each roof's peak
 * storage and head, and (block rain) each roof's emptying time from the end of the rain.
 */
import { bundleOfProduct } from '../../server/projects/products';
import { calculate, type FlowLimiterResults } from '../../server/calc';
import { EMPTY_HEAD, roofsOf } from '../../server/calc/flow-limiter/flowLimiter';
import {
  emptyingSeconds,
  headAt,
  limiterReservoir,
  outflowAt,
  reservoirOf,
  volumeAtHead,
  type Reservoir,
} from '../../server/calc/flow-limiter/reservoir';
import { orificeConstant } from '../../server/calc/flow-limiter/routing';
import { routeStorm } from '../../server/calc/flow-limiter/storms';
import { seriesName, sumpArea } from '../../server/calc/flow-limiter/swmm';
import { flowLimiterSwmm, resultStorms } from '../../server/calc/flow-limiter/swmmExport';
import { inpClock } from '../../server/calc/swmm/inp';
import { i18nOf } from '../../server/i18n';
import type { Design } from './designs';
import { runSwmm } from './runswmm';

/** A figure of the product and SWMM's, and their relative gap. */
export interface Pair {
  what: string;
  product: number;
  swmm: number;
  gap: number;
}

/** One storm of one design through SWMM. */
export interface Comparison {
  design: string;
  storm: string;
  diameter: number;
  share: number;
  pairs: Pair[];
  /** SWMM's warnings, errors, continuity errors beyond 0.5 %, a peak cut by the run's end */
  problems: string[];
}

/** The orifice law the product's figures are computed with: SWMM's (the method's), or the orifice law at every head (method 1.3). */
export type Law = 'swmm' | 'orifice';

const pair = (what: string, product: number, swmm: number): Pair => ({
  what,
  product,
  swmm,
  gap: Math.abs(swmm / product - 1),
});

/** The inflows of the .inp switched to storm `to` and the run ended after `seconds`. */
function retarget(inp: string, from: string, to: string, seconds: number): string {
  const days = Math.floor(seconds / 86400);
  return inp
    .replace(new RegExp(`(FLOW +)${from}( +FLOW)`, 'g'), `$1${to}$2`)
    .replace(/^(END_DATE +)\S+/m, `$101/${String(1 + days).padStart(2, '0')}/2000`)
    .replace(/^(END_TIME +)\S+/m, `$1${inpClock(seconds - days * 86400)}`);
}

/** Compares every design storm of `design` with SWMM (`binary`: runswmm's path). */
export async function compareDesign(
  binary: string,
  design: Design,
  law: Law = 'swmm',
): Promise<Comparison[]> {
  const calculated = calculate(bundleOfProduct('slowli'), design.project);
  if (!calculated.ok) throw new Error(`${design.label}: ${JSON.stringify(calculated.reasons)}`);
  const results = calculated.results as FlowLimiterResults;
  const { i18n } = i18nOf('slowli', 'fr');
  const inp = flowLimiterSwmm(design.project, results, {
    t: (k, p) => i18n.t(k, p),
    name: design.label,
    number: 1,
  });
  const roofs = roofsOf(design.project);
  const d = results.diameter! / 1000;
  // the product's reservoirs (method 1.4), or the same orifices under the orifice law at every head
  const reservoirs: Reservoir[] = roofs.map((r) =>
    law === 'swmm'
      ? limiterReservoir(r, d, 0.61, 9.81)
      : reservoirOf(r, orificeConstant(r.drains, d, 0.61, 9.81), 0),
  );
  const storms = resultStorms(results);
  const name = (kind: string) =>
    seriesName({ kind: kind as 'block', label: '', steps: storms.find((s) => s.kind === kind)!.storm });
  const routed = name(results.routing!.governing!);
  return Promise.all(
    storms.map(async (s) => {
      const product = routeStorm(
        reservoirs,
        roofs.map((r) => r.surface),
        { kind: 'chicago', total_min: 0, intense_min: null, steps: s.storm },
      );
      const end = s.storm.reduce((m, x) => Math.max(m, x.start + x.minutes), 0);
      const empty = roofs.map((r, i) => {
        const to = r.recess / 1000 >= EMPTY_HEAD ? 0 : volumeAtHead(reservoirs[i]!, EMPTY_HEAD);
        return product.volumes[i]! > to ? emptyingSeconds(reservoirs[i]!, product.volumes[i]!, to) : 0;
      });
      // a block rain: until every roof is empty again; a storm: one hour past the last roof's peak
      const last = Math.max(product.minute, ...product.times);
      const seconds =
        s.kind === 'block' ? end * 60 + 1.02 * Math.max(...empty) + 1800 : Math.min(end, last + 60) * 60 + 60;
      const run = await runSwmm(binary, retarget(inp, routed, name(s.kind), Math.ceil(seconds / 60) * 60));
      const problems = [...run.warnings, ...run.errors];
      for (const c of run.continuity) if (Math.abs(c) > 0.5) problems.push(`continuity error ${c} %`);
      const out = run.out;
      const comparison: Comparison = {
        design: design.label,
        storm: s.kind,
        diameter: results.diameter!,
        share: results.routing!.storms!.find((x) => x.kind === s.kind)!.permit_share,
        pairs: [],
        problems,
      };
      if (!out) {
        problems.push('no output');
        return comparison;
      }
      const site = out.times.map((_, k) => out.links.reduce((sum, l) => sum + out.link(l, 0)[k]!, 0) / 1000);
      comparison.pairs.push(pair('site peak outflow (m3/s)', product.outflow, Math.max(...site)));
      roofs.forEach((r, i) => {
        const id = `ROOF_${i + 1}`;
        const depth = out.node(id, 0);
        const volume = out.node(id, 2);
        // the full sump the run starts with
        const start = (r.recess / 1000) * sumpArea(r, outflowAt(reservoirs[i]!, 0));
        const top = volume.indexOf(Math.max(...volume));
        if (top === volume.length - 1) problems.push(`${id}: the run ends before its peak`);
        if (product.volumes[i]! < 1e-6 * r.surface) return; // a roof that stores nothing
        comparison.pairs.push(pair(`${r.name} peak storage (m3)`, product.volumes[i]!, volume[top]! - start));
        comparison.pairs.push(
          pair(`${r.name} peak head (m)`, headAt(reservoirs[i]!, product.volumes[i]!), Math.max(...depth)),
        );
        if (s.kind === 'block') {
          // SWMM: from the rain's end to the report where its storage is back to the empty level
          const to = r.recess / 1000 >= EMPTY_HEAD ? 0 : volumeAtHead(reservoirs[i]!, EMPTY_HEAD);
          const level = start + to + 1e-6 * r.surface;
          const k = out.times.findIndex((t, j) => t > end * 60 && volume[j]! <= level);
          if (k < 2) problems.push(`${id}: not empty by the run's end`);
          else {
            // down to the recess the storage falls at the drains' rate under it, then the sump empties in
            // seconds: the last two reports before are extrapolated (interpolating across that kink
            // would count the sump's few seconds as a share of the minute); to 1 mm of water the
            // storage falls smoothly and the two reports around the level are interpolated
            const [a, b] = to > 0 ? [k - 1, k] : [k - 2, k - 1];
            const [t0, t1] = [out.times[a]!, out.times[b]!];
            const [y0, y1] = [volume[a]!, volume[b]!];
            const at = t0 + ((y0 - level) / (y0 - y1)) * (t1 - t0);
            comparison.pairs.push(pair(`${r.name} emptying (s)`, empty[i]!, at - end * 60));
          }
        }
      });
      return comparison;
    }),
  );
}
