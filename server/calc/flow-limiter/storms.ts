/**
 * The design storms beside the block rains (method 1.4, issue 36), built on the same Montana law
 * H(d) = a d^(1-b) (mm, d in minutes) and return period, and their routing through a site's roofs.
 *
 * - Chicago storm (Keifer & Chu 1957, "Synthetic storm pattern for drainage design", J. Hydraulics
 *   Division ASCE 83(4)), peak in the middle: every window of d minutes centred on the peak holds
 *   exactly H(d). In steps: the central 16 minutes hold H(16) (the shortest block rain is 15 min), then
 *   each ring of windows d(j-1) < d <= d(j), d(j) about 1.1 d(j-1) in whole even minutes, holds
 *   H(d(j)) - H(d(j-1)), half before the peak and half after; it lasts as long as the longest block rain
 *   routed, so that its centred windows hold every block rain's depth.
 * - Desbordes double triangle (Desbordes 1974, Desbordes & Raous 1980, as the French ministry's
 *   urban-hydrology reference describes it: Wikhydro, "Pluie de projet double triangle (HU)"), symmetrical: an intense period of t1 minutes
 *   centred in a storm of t3, the intensity rising linearly from 0 to i1 at the intense period's start,
 *   to its peak in the middle, and back; the intense period holds H(t1) and the whole storm H(t3), so
 *   i1 = 2 (H(t3) - H(t1)) / (t3 - t1) and the peak 2 H(t1) / t1 - i1. The intense period lasts the
 *   site's méthode des pluies critical duration (the time the storage responds to, in the place of the
 *   catchment's response time the method was made for), t3 = 4 t1 and at least 4 h (the common French
 *   practice for t3); in 12 steps over the intense period, each step holding the double triangle's depth
 *   over it.
 *
 * A storm is a list of steps of constant intensity in whole minutes, so each step's routing is the exact
 * closed form of reservoir.ts, and the .inp export (swmm.ts) writes the same steps: SWMM and the product
 * route the very same rain.
 */
import { advance, outflowAt, outflowRate, type Reservoir } from './reservoir';

/** A design storm in steps: each step's start and length (minutes) and intensity (mm/h). */
export interface Storm {
  kind: 'chicago' | 'desbordes';
  /** minutes: the whole storm, and (Desbordes) its intense period */
  total_min: number;
  intense_min: number | null;
  steps: { start: number; minutes: number; mm_h: number }[];
}

const depth = (rain: { a: number; b: number }, minutes: number) => rain.a * minutes ** (1 - rain.b);

/** The Chicago storm of `totalMinutes` (rounded up to even minutes) on Montana law `rain`. */
export function chicagoStorm(rain: { a: number; b: number }, totalMinutes: number): Storm {
  const total = 2 * Math.ceil(totalMinutes / 2);
  const windows = [16];
  while (windows[windows.length - 1]! < total) {
    const last = windows[windows.length - 1]!;
    windows.push(Math.min(total, Math.max(last + 2, 2 * Math.round((1.1 * last) / 2))));
  }
  const centre = total / 2;
  const after: Storm['steps'] = [{ start: centre - 8, minutes: 16, mm_h: (depth(rain, 16) / 16) * 60 }];
  for (let j = 1; j < windows.length; j += 1) {
    const [inner, outer] = [windows[j - 1]!, windows[j]!];
    const mm_h = ((depth(rain, outer) - depth(rain, inner)) / (outer - inner)) * 60;
    after.push({ start: centre + inner / 2, minutes: (outer - inner) / 2, mm_h });
  }
  const before = after
    .slice(1)
    .reverse()
    .map((s) => ({ ...s, start: 2 * centre - s.start - s.minutes }));
  return { kind: 'chicago', total_min: total, intense_min: null, steps: [...before, ...after] };
}

/** The Desbordes double triangle whose intense period lasts about `intenseMinutes`, on Montana law `rain`. */
export function desbordesStorm(rain: { a: number; b: number }, intenseMinutes: number): Storm {
  const step = Math.max(1, Math.round(intenseMinutes / 12));
  const t1 = 12 * step;
  const count = Math.max(48, 2 * Math.ceil(120 / step));
  const t3 = count * step;
  const i1 = (2 * (depth(rain, t3) - depth(rain, t1))) / (t3 - t1); // mm/min
  const top = (2 * depth(rain, t1)) / t1 - i1;
  const centre = t3 / 2;
  const at = (t: number) => {
    const x = Math.abs(t - centre);
    return x <= t1 / 2 ? top + ((i1 - top) * x) / (t1 / 2) : (i1 * (centre - x)) / (centre - t1 / 2);
  };
  const steps: Storm['steps'] = [];
  for (let j = 0; j < count; j += 1) {
    const start = j * step;
    steps.push({ start, minutes: step, mm_h: ((at(start) + at(start + step)) / 2) * 60 });
  }
  return { kind: 'desbordes', total_min: t3, intense_min: t1, steps };
}

/** A site under a storm: its peak outflow and when, each roof's outflow then, each roof's own peak storage. */
export interface StormRouting {
  /** the site's peak outflow (m3/s) and its time (minutes from the storm's start) */
  outflow: number;
  minute: number;
  /** each roof's outflow (m3/s) at that time */
  outflows: number[];
  /** each roof's peak storage (m3), and when (minutes from the storm's start) */
  volumes: number[];
  times: number[];
}

/**
 * A storm's routing under way: the roofs, their inflows this step and what passes under the recess
 * alone, each roof's outflow in the last state read, the peak so far (arrays kept for the whole
 * routing: no array or function made a step).
 */
interface Routing {
  res: Reservoir[];
  q: Float64Array;
  held: Float64Array;
  flows: Float64Array;
  best: { outflow: number; minute: number; outflows: Float64Array };
}

/** The site's outflow holding `vs` (each roof's into r.flows): at V = 0 a roof passes its inflow, up to what the recess lets out. */
function siteOutflow(r: Routing, vs: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < vs.length; i += 1) {
    const f = vs[i]! > 0 ? outflowAt(r.res[i]!, vs[i]!) : Math.min(r.q[i]!, r.held[i]!);
    r.flows[i] = f;
    sum += f;
  }
  return sum;
}

/** Keeps state `vs` at `minute` as the site's peak when it is the largest outflow so far. */
function keep(r: Routing, vs: Float64Array, minute: number): void {
  const total = siteOutflow(r, vs);
  if (total <= r.best.outflow) return;
  r.best.outflow = total;
  r.best.minute = minute;
  r.best.outflows.set(r.flows);
}

/** The site's outflow's rate of change (m3/s2) holding `vs`. */
function siteRate(r: Routing, vs: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < vs.length; i += 1) sum += outflowRate(r.res[i]!, vs[i]!, r.q[i]!);
  return sum;
}

/** Each roof of `from` after `seconds` under this step's inflows, into `to`. */
function advanceAll(r: Routing, from: Float64Array, seconds: number, to: Float64Array): void {
  for (let i = 0; i < from.length; i += 1)
    // a roof whose orifices pass the rain under the recess alone stays empty (no routing to do)
    to[i] = from[i] === 0 && r.q[i]! <= r.held[i]! ? 0 : advance(r.res[i]!, from[i]!, r.q[i]!, seconds);
}

/**
 * The site's peak within a step from state `a` to `b` over `minutes` from `start` (`at`: room for a
 * state). Each roof's outflow moves one way within a step, relaxing towards its equilibrium, so the
 * site's outflow turns at most once: inside the step only when it rises at the start and falls at the
 * end, then at the root of its rate of change (regula falsi, Illinois). Nothing to seek when the bound
 * (each roof's larger end added up) stays within 1e-9 of the peak found.
 */
function refine(
  r: Routing,
  a: Float64Array,
  b: Float64Array,
  at: Float64Array,
  start: number,
  minutes: number,
): void {
  let bound = 0;
  for (let i = 0; i < a.length; i += 1) {
    const fa = a[i]! > 0 ? outflowAt(r.res[i]!, a[i]!) : Math.min(r.q[i]!, r.held[i]!);
    const fb = b[i]! > 0 ? outflowAt(r.res[i]!, b[i]!) : Math.min(r.q[i]!, r.held[i]!);
    bound += Math.max(fa, fb);
  }
  if (bound <= r.best.outflow * (1 + 1e-9)) return;
  let [t0, f0, t1, f1] = [0, siteRate(r, a), minutes, siteRate(r, b)];
  if (!(f0 > 0 && f1 < 0)) return;
  let side = 0;
  for (let k = 0; k < 60 && t1 - t0 > 1e-9 * minutes; k += 1) {
    const t = (t0 * f1 - t1 * f0) / (f1 - f0);
    advanceAll(r, a, t * 60, at);
    keep(r, at, start + t);
    const f = siteRate(r, at);
    if (f === 0) break;
    if (f > 0) {
      [t0, f0] = [t, f];
      if (side > 0) f1 /= 2;
      side = 1;
    } else {
      [t1, f1] = [t, f];
      if (side < 0) f0 /= 2;
      side = -1;
    }
  }
}

/**
 * Routes `storm` through roofs `res`, roof i receiving `areas[i]` m2 of runoff (area times the runoff
 * coefficient): each step exactly (reservoir.ts advance). A roof's storage only rises or only falls within
 * a step, so its peak lies at a step's end; the site's outflow, a sum of such, may peak inside a step
 * whose roofs move apart (refine). Once the rain only weakens and every roof's level falls, nothing can
 * rise again: the routing stops there.
 */
export function routeStorm(res: Reservoir[], areas: number[], storm: Storm): StormRouting {
  const n = res.length;
  const r: Routing = {
    res,
    q: new Float64Array(n),
    held: new Float64Array(n),
    flows: new Float64Array(n),
    best: { outflow: -1, minute: 0, outflows: new Float64Array(n) },
  };
  for (let i = 0; i < n; i += 1) r.held[i] = outflowAt(res[i]!, 0);
  let v = new Float64Array(n);
  let next = new Float64Array(n);
  const at = new Float64Array(n);
  const volumes = new Array<number>(n).fill(0);
  const times = new Array<number>(n).fill(0);
  const steps = storm.steps;
  // the strongest intensity still to come after each step
  const ahead = new Float64Array(steps.length);
  for (let j = steps.length - 2; j >= 0; j -= 1) ahead[j] = Math.max(ahead[j + 1]!, steps[j + 1]!.mm_h);
  for (let j = 0; j < steps.length; j += 1) {
    const { start, minutes, mm_h } = steps[j]!;
    for (let i = 0; i < n; i += 1) r.q[i] = (mm_h * areas[i]!) / 3.6e6;
    keep(r, v, start);
    advanceAll(r, v, minutes * 60, next);
    let falling = true;
    for (let i = 0; i < n; i += 1) {
      if (next[i]! > volumes[i]!) {
        volumes[i] = next[i]!;
        times[i] = start + minutes;
      }
      if (!(next[i]! < v[i]! || next[i] === 0)) falling = false;
    }
    keep(r, next, start + minutes);
    refine(r, v, next, at, start, minutes);
    [v, next] = [next, v];
    if (falling && ahead[j]! <= mm_h) break;
  }
  const { outflow, minute, outflows } = r.best;
  return { outflow, minute, outflows: Array.from(outflows), volumes, times };
}
