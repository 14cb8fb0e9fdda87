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

/** A roof's outflow holding `v` m3 under inflow `q`: at V = 0 the orifices pass the inflow, up to what the recess lets out. */
const outflowUnder = (res: Reservoir, v: number, q: number) =>
  v > 0 ? outflowAt(res, v) : Math.min(q, outflowAt(res, 0));

/**
 * Routes `storm` through roofs `res`, roof i receiving `areas[i]` m2 of runoff (area times the runoff
 * coefficient): each step exactly (reservoir.ts advance). A roof's storage only rises or only falls within
 * a step, so its peak lies at a step's end; the site's outflow, a sum of such, may peak inside a step
 * whose roofs move apart (refine, below). Once the rain only weakens and every roof's level falls,
 * nothing can rise again: the routing stops there.
 */
export function routeStorm(res: Reservoir[], areas: number[], storm: Storm): StormRouting {
  const n = res.length;
  let v = res.map(() => 0);
  const volumes = res.map(() => 0);
  const times = res.map(() => 0);
  let best = { outflow: -1, minute: 0, outflows: res.map(() => 0) };
  /** the site's outflow's rate of change (m3/s2) holding `vs` under inflows `q` */
  const rate = (vs: number[], q: number[]) => vs.reduce((s, x, i) => s + outflowRate(res[i]!, x, q[i]!), 0);
  const site = (vs: number[], q: number[]) => vs.reduce((s, x, i) => s + outflowUnder(res[i]!, x, q[i]!), 0);
  const keep = (vs: number[], q: number[], minute: number) => {
    const total = site(vs, q);
    if (total > best.outflow)
      best = { outflow: total, minute, outflows: vs.map((x, i) => outflowUnder(res[i]!, x, q[i]!)) };
  };
  /**
   * The site's peak within a step from state `a` to `b` over `minutes` from `start`. Each roof's outflow
   * moves one way within a step, relaxing towards its equilibrium, so the site's outflow turns at most
   * once: inside the step only when it rises at the start and falls at the end, then at the root of its
   * rate of change (regula falsi, Illinois). Nothing to seek when the bound (each roof's larger end
   * added up) stays within 1e-9 of the peak found.
   */
  const refine = (a: number[], b: number[], q: number[], start: number, minutes: number) => {
    let bound = 0;
    for (let i = 0; i < n; i += 1)
      bound += Math.max(outflowUnder(res[i]!, a[i]!, q[i]!), outflowUnder(res[i]!, b[i]!, q[i]!));
    if (bound <= best.outflow * (1 + 1e-9)) return;
    let [t0, f0, t1, f1] = [0, rate(a, q), minutes, rate(b, q)];
    if (!(f0 > 0 && f1 < 0)) return;
    let side = 0;
    for (let k = 0; k < 60 && t1 - t0 > 1e-9 * minutes; k += 1) {
      const t = (t0 * f1 - t1 * f0) / (f1 - f0);
      const at = a.map((x, i) => advance(res[i]!, x, q[i]!, t * 60));
      keep(at, q, start + t);
      const f = rate(at, q);
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
  };
  const held = res.map((r) => outflowAt(r, 0));
  const steps = storm.steps;
  // the strongest intensity still to come after each step
  const ahead = steps.map(() => 0);
  for (let j = steps.length - 2; j >= 0; j -= 1) ahead[j] = Math.max(ahead[j + 1]!, steps[j + 1]!.mm_h);
  for (let j = 0; j < steps.length; j += 1) {
    const { start, minutes, mm_h } = steps[j]!;
    const q = areas.map((s) => (mm_h * s) / 3.6e6);
    keep(v, q, start);
    // a roof whose orifices pass the rain under the recess alone stays empty (no routing to do)
    const next = v.map((x, i) =>
      x === 0 && q[i]! <= held[i]! ? 0 : advance(res[i]!, x, q[i]!, minutes * 60),
    );
    for (let i = 0; i < n; i += 1)
      if (next[i]! > volumes[i]!) {
        volumes[i] = next[i]!;
        times[i] = start + minutes;
      }
    keep(next, q, start + minutes);
    refine(v, next, q, start, minutes);
    const falling = next.every((x, i) => x < v[i]! || x === 0);
    v = next;
    if (falling && ahead[j]! <= mm_h) break;
  }
  return { ...best, volumes, times };
}
