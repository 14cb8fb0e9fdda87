/**
 * Level-pool routing of Montana block rains through a roof's orifices (method 1.3, issue 25).
 *
 * A roof is a reservoir: its stored volume V (m3) stands at an equivalent depth D = V / S through the
 * layer the water stands in (thickness L, porosity p: height D / p up to the layer's top, then free water
 * above it, as `waterHeight` models it); the head on the orifices adds the recess at the drain. The head is
 * linear in V on each of the two pieces, head = alpha + beta V, and the drains let out
 * Q = k sqrt(head), k = n Cd (pi d^2 / 4) sqrt(2 g). Under a block rain (a constant inflow I for the
 * rain's duration) dV/dt = I - k sqrt(alpha + beta V) has a closed form: with u = sqrt(alpha + beta V),
 * w = I - k u and s = ln(w0 / w1),
 *     t(u1) - t(u0) = 2 / (beta k^2) * [ I s - w0 (1 - e^-s) ],
 * so the storage at the end of the rain (its peak: V only rises while the inflow lasts) is found by
 * solving that equation for s (Halley's steps from an upper bound, 2s / (2 + s) >= 1 - e^-s: the time
 * is convex and increasing in s), piece by piece. No time step: the figure is the exact solution of the
 * model, and the test integrates the same model independently (Runge-Kutta on the clock) to hold it to
 * that.
 *
 * At V = 0 the recess already stands on the orifices: a rain lighter than what they pass under the recess
 * alone stores nothing (its water goes straight out), as the emptying model has it.
 *
 * Durations: a block rain's depth is the Montana law's H(d) = a d^(1-b) (mm, d in minutes), its runoff
 * Ca H over the roof; the durations searched run from 15 min to 24 h. Method 1.3 finds the worst rain
 * from its derivative instead of a grid: the closed form differentiated (the end level's sensitivity to
 * the inflow, dt/dI at a fixed level, has a closed form too) gives d outflow / d ln(d) exactly, and
 * Newton steps on it (uphill, the slope from the last two rains when they lie close, else a
 * neighbouring search's; once the derivative changed sign, the secant kept in the bracket, halving it
 * when it did not halve by itself) stop when the peak still to gain, by a slope measured on close
 * rains, is below 1e-9 of it for a roof, 1e-11 for the site. Each roof's search starts from its méthode des pluies critical
 * duration moved as much as the previous roof's moved, so that roofs alike find their peak in two
 * routings; the site's peak lies between the roofs' own, and a search starts in each group of roofs
 * whose peaks lie close together (a sum of peaks far apart can peak between them). The diameter search
 * starts each routing from the peaks of the last and stops it as soon as one rain exceeds the permit.
 * Method 1.2 routed a 13-duration log grid and three parabolic refinements for each search: 50 roofs
 * took about 1650 roof routings, now 304 (`npm run bench:calc` prints the time beside the calculation
 * without routing).
 *
 * Speed: a routing is a logarithm, three exponentials and a few divisions; what it passes on lives in
 * the number fields of a few module objects and the roofs' constants in objects kept from one routing to
 * the next, never in module or closure variables (V8 boxes a number written there anew at every write:
 * four to a dozen allocations a routing, a quarter of its time).
 */

/** A roof as the routing sees it: area (m2), drains, recess at the drain (mm), the layer the water stands in. */
export interface RoutedRoof {
  surface: number;
  drains: number;
  recess: number;
  layer: { thickness: number; porosity: number };
}

/** The Montana law of a design storm (mm, minutes) and the runoff coefficient. */
export interface DesignRain {
  a: number;
  b: number;
  ca: number;
}

/** The shortest and longest block rains routed (minutes). */
export const ROUTED_DURATIONS: [number, number] = [15, 1440];

/** The orifice constant of `drains` orifices of diameter `d` m: Q (m3/s) = k sqrt(head in m). */
export function orificeConstant(drains: number, d: number, cd: number, g: number): number {
  return drains * cd * ((Math.PI * d * d) / 4) * Math.sqrt(2 * g);
}

/** The head (m) on the orifices of a roof holding `v` m3. */
export function headOf(r: RoutedRoof, v: number): number {
  const { thickness: L, porosity: p } = r.layer;
  const depth = (v / r.surface) * 1000;
  const h = depth <= p * L ? depth / p : L + depth - p * L;
  return (h + r.recess) / 1000;
}

/** A roof's constants at one orifice diameter and design rain (computed once a routing). */
interface Prepared {
  k: number;
  kk: number;
  /** the inflow of a block rain of d minutes is c0 d^-b (m3/s) */
  c0: number;
  /** the head's first piece (through the layer: alpha1 = the recess), its end (volume top, u there) */
  alpha1: number;
  beta1: number;
  u1: number;
  top: number;
  uTop: number;
  /** the second piece (free water above the layer) */
  alpha2: number;
  beta2: number;
}

/** A roof's constants, written into `q` (a number field is written in place: no allocation). */
function prepare(r: RoutedRoof, k: number, rain: DesignRain | null, q: Prepared = blank()): Prepared {
  const { thickness: L, porosity: p } = r.layer;
  const alpha1 = r.recess / 1000;
  const top = (r.surface * p * L) / 1000; // volume that fills the layer
  const beta1 = top > 0 ? 1 / (r.surface * p) : 1 / r.surface;
  q.k = k;
  q.kk = k * k;
  q.c0 = rain ? (rain.ca * rain.a * r.surface) / 60000 : 0;
  q.alpha1 = alpha1;
  q.beta1 = beta1;
  q.u1 = Math.sqrt(alpha1);
  q.top = top;
  q.uTop = Math.sqrt(alpha1 + beta1 * top);
  q.alpha2 = (L * (1 - p) + r.recess) / 1000;
  q.beta2 = 1 / r.surface;
  return q;
}

const blank = (): Prepared => ({
  k: Number.NaN,
  kk: Number.NaN,
  c0: Number.NaN,
  alpha1: Number.NaN,
  beta1: Number.NaN,
  u1: Number.NaN,
  top: Number.NaN,
  uTop: Number.NaN,
  alpha2: Number.NaN,
  beta2: Number.NaN,
});

/** The roofs' constants of the last routings, kept for the next (one a roof, grown as needed). */
const preparedPool: Prepared[] = [];

// The last `fill`'s results, fields of one object (no allocation: it runs thousands of times a
// calculation; a number held in a module variable would be boxed anew at every write, a number field is
// written in place).
const end = {
  /** storage (m3) at the end of the rain */
  v: 0,
  /** u = sqrt(head) at the end of the rain, and w = I - k u there */
  u: 0,
  w: 0,
  /** beta of the piece the rain ended in */
  beta: 1,
  /** dt/dI at the end level, without the last piece's -c I / w1 term (kept apart: w1 may be 0) */
  dtdI: 0,
  /** that last term's factor c = 2 / (beta k^2) */
  c: 0,
  /** e^-s of the last solveS */
  eS: 1,
};
/**
 * The block rain `fill` routes: its inflow (m3/s) and duration (s), written in place (`fill` is too
 * large for V8 to inline, and a number passed to a call that is not inlined is boxed).
 */
const rainOn = { inflow: Number.NaN, seconds: Number.NaN };
/** true when the level held at V = 0 (the orifices pass the rain under the recess alone) */
let held = false;

/**
 * The time (s) c [I s - w0 (1 - e^-s)] = left solved for s (>= 0), from an upper bound (the left side
 * is convex and increasing in s: the steps come down onto the root).
 */
function solveS(c: number, inflow: number, w0: number, left: number): number {
  const target = left / c;
  // an upper bound: 1 - e^-s <= 2s / (2 + s), so I s - w0 2s / (2 + s) = target has a root above s*
  const bq = 2 * inflow - 2 * w0 - target;
  let s = (-bq + Math.sqrt(bq * bq + 8 * inflow * target)) / (2 * inflow);
  let e = Math.exp(-s);
  for (let i = 0; i < 50; i += 1) {
    const f = inflow * s - w0 * (1 - e) - target;
    if (f <= 1e-13 * target) break;
    // Halley's step (the curvature is w0 e^-s): from above the root it stays above it
    const d1 = inflow - w0 * e;
    const next = s - (2 * f * d1) / (2 * d1 * d1 - f * w0 * e);
    if (!(next < s)) break;
    s = next;
    e = Math.exp(-s);
  }
  end.eS = e;
  return s;
}

/**
 * A reservoir under the constant inflow of `rainOn` for its duration, starting empty, through its
 * orifices: sets end.v, end.u, end.w, end.beta, end.dtdI, end.c, held.
 */
function fill(q: Prepared): void {
  const { inflow, seconds } = rainOn;
  const { k, kk } = q;
  const uEq = inflow / k;
  const ua = q.u1;
  held = ua >= uEq || seconds <= 0;
  end.dtdI = 0;
  if (held) {
    end.v = 0;
    end.u = ua;
    end.w = 0;
    return;
  }
  let wa = inflow - k * ua;
  let left = seconds;
  let alpha = q.alpha1;
  let beta = q.beta1;
  if (q.top > 0 && q.uTop < uEq) {
    const wt = inflow - k * q.uTop;
    const s = Math.log(wa / wt);
    const c = 2 / (beta * kk);
    const tTop = c * (inflow * s - (wa - wt));
    if (tTop <= left) {
      left -= tTop;
      end.dtdI += c * (s + inflow * (1 / wa - 1 / wt));
      alpha = q.alpha2;
      beta = q.beta2;
      wa = wt;
    }
  } else if (q.top <= 0) {
    alpha = q.alpha2;
    beta = q.beta2;
  }
  const c = 2 / (beta * kk);
  const s = solveS(c, inflow, wa, left);
  const w1 = wa * end.eS;
  const u1 = (inflow - w1) / k;
  end.v = Math.max(0, (u1 * u1 - alpha) / beta);
  end.u = u1;
  end.w = w1;
  end.beta = beta;
  end.dtdI += c * (s + inflow / wa);
  end.c = c;
}

/**
 * The storage (m3) of roof `r` after `seconds` of a constant inflow `inflow` (m3/s), starting empty,
 * through orifices of constant `k` (Q = k sqrt(head)).
 */
export function storageAfter(r: RoutedRoof, k: number, inflow: number, seconds: number): number {
  if (inflow <= 0) return 0;
  rainOn.inflow = inflow;
  rainOn.seconds = seconds;
  fill(prepare(r, k, null));
  return end.v;
}

/** The runoff of a block rain of `minutes` on `surface` m2: its constant inflow (m3/s). */
export function blockInflow(rain: DesignRain, surface: number, minutes: number): number {
  const depth = rain.a * minutes ** (1 - rain.b); // mm
  return ((rain.ca * depth) / 1000) * (surface / (minutes * 60));
}

// A roof under one block rain: its storage and outflow at the end of the rain (the peaks), and their
// derivatives in the logarithm of the rain's duration.
const out = { volume: 0, outflow: 0, dVolume: 0, dOutflow: 0 };

/**
 * Roof `q` under the block rain of `minutes` (`power` = minutes^-b, shared by all roofs under the same
 * rain; b the Montana exponent): sets `out`.
 */
/** Roof routings done so far (the benchmark and a test count the work a calculation takes). */
let routings = 0;
export function roofRoutings(): number {
  return routings;
}

function roofAt(q: Prepared, b: number, minutes: number, power: number): void {
  routings += 1;
  const inflow = q.c0 * power;
  const seconds = minutes * 60;
  rainOn.inflow = inflow;
  rainOn.seconds = seconds;
  fill(q);
  if (held) {
    // the water goes straight out: the outflow is the inflow, d inflow / d ln(d) = -b inflow
    out.volume = 0;
    out.dVolume = 0;
    out.outflow = inflow;
    out.dOutflow = -b * inflow;
    return;
  }
  // T du1/dT = beta w1 / (2 u1) (T - T I'(T) dt/dI) with T I'(T) = -b I, the -c I / w1 term of dt/dI
  // multiplied out so that w1 = 0 (the level at equilibrium) stays finite
  const bI = b * inflow;
  const du =
    (end.beta / (2 * end.u)) * ((end.w > 0 ? end.w * (seconds + bI * end.dtdI) : 0) - bI * end.c * inflow);
  out.volume = end.v;
  out.outflow = q.k * end.u;
  out.dOutflow = q.k * du;
  out.dVolume = end.v > 0 ? (2 * end.u * du) / end.beta : 0;
}

/** A roof under one block rain: storage (m3) and outflow (m3/s) at its end, and their derivatives in ln(minutes). */
export function roofUnderRain(
  r: RoutedRoof,
  k: number,
  rain: DesignRain,
  minutes: number,
): { volume: number; outflow: number; dVolume: number; dOutflow: number } {
  roofAt(prepare(r, k, rain), rain.b, minutes, minutes ** -rain.b);
  return { volume: out.volume, outflow: out.outflow, dVolume: out.dVolume, dOutflow: out.dOutflow };
}

const LO = Math.log(ROUTED_DURATIONS[0]);
const HI = Math.log(ROUTED_DURATIONS[1]);

/** The objective's value and derivative at the last point `maximize` asked for. */
const objective = { f: 0, g: 0 };
/** set by an objective to end the search at once */
let stop = false;

/** A peak found: where (x = ln minutes), its value, and the derivative's slope there (< 0, or NaN). */
interface Peak {
  x: number;
  f: number;
  slope: number;
}

/**
 * The largest value of a smooth unimodal function of x = ln(minutes) over [lo, hi], given `at(x)`
 * setting objective.f and objective.g = df/dx: from `x0`, Newton steps on the derivative (its slope from the last two
 * points, or at first `curvature` times the value: a neighbouring search's slope over its peak), at most a step that doubles until the
 * derivative changes sign, then kept inside the bracket (halving when they leave it), until the gain
 * still to come (g^2 / 2|g'|) is below `tol` of the value. Returns the best point evaluated (its value is
 * a real evaluation, not an extrapolation).
 */
function maximize(
  at: (x: number) => void,
  x0: number,
  lo: number,
  hi: number,
  curvature: number,
  tol: number,
): Peak {
  let x = Math.min(hi, Math.max(lo, x0));
  at(x);
  let f = objective.f;
  let g = objective.g;
  let best = x;
  let fBest = f;
  // the slope of g: the secant of the last two rains, or borrowed (`curvature` times the value) while
  // there is no secant or it spans rains far apart; only a secant of close rains may stop the search
  let secant = Number.NaN;
  let measured = false;
  if (stop) return { x, f, slope: curvature * Math.abs(f) };
  let a = lo; // g > 0 at a (or a is the domain's end)
  let b = hi; // g < 0 at b (or b is the domain's end)
  let aSeen = false;
  let bSeen = false;
  let step = 0.3;
  let width = hi - lo;
  let halve = false;
  for (let i = 0; i < 100 && g !== 0; i += 1) {
    if (g > 0) {
      a = x;
      aSeen = true;
    } else {
      b = x;
      bSeen = true;
    }
    if (measured && secant < 0 && (g * g) / (-2 * secant) <= tol * Math.abs(f)) break;
    let next: number;
    if (aSeen && bSeen) {
      // bracketed: the secant's Newton step, halving when it leaves the bracket or when the bracket
      // did not halve over the last two steps
      next = secant < 0 && !halve ? x - g / secant : Number.NaN;
      if (!(next > a && next < b)) next = 0.5 * (a + b);
      halve = b - a > 0.5 * width;
      width = b - a;
    } else {
      // uphill, Newton's step when it has a slope, at most a step that doubles each time
      const slope = measured || !(curvature < 0) ? secant : curvature * Math.abs(f);
      const reach = slope < 0 ? Math.abs(g / slope) : step;
      next = x + (g > 0 ? 1 : -1) * Math.min(reach, step);
      step *= 2;
    }
    next = Math.min(hi, Math.max(lo, next));
    if (Math.abs(next - x) <= 1e-9 || (aSeen && bSeen && b - a <= 1e-9)) break;
    const xp = x;
    const gp = g;
    x = next;
    at(x);
    f = objective.f;
    g = objective.g;
    secant = (g - gp) / (x - xp);
    measured = Math.abs(x - xp) <= 0.1;
    if (stop) return { x, f, slope: secant };
    if (f > fBest) {
      fBest = f;
      best = x;
    }
  }
  return { x: best, f: fBest, slope: measured ? secant : curvature * Math.abs(fBest) };
}

/** The routing of a project through orifices of one diameter: the site's peak outflow, and each roof's peak. */
export interface Routed {
  /** the site's peak outflow (m3/s): all roofs under the same block rain, added up */
  outflow: number;
  /** the duration (minutes) of the block rain that gives it */
  minutes: number;
  /** each roof's outflow (m3/s) under that rain */
  outflows: number[];
  /** each roof's own peak storage (m3), its rain's duration and outflow; only when asked */
  roofs: { volume: number; minutes: number; outflow: number }[] | null;
  /** the site's local peaks found, one a search: where a neighbouring diameter's search starts */
  peaks: SitePeak[];
  /** false when the search stopped because the outflow exceeded `hints.above` (outflow: the first above it) */
  complete: boolean;
}

/** A local peak of the site's outflow: its rain (minutes), and the slope of d outflow / d ln(minutes) there over the outflow. */
export interface SitePeak {
  minutes: number;
  curvature: number;
}

/**
 * Where the searches start: the site's (the peaks of a routing at a neighbouring diameter, without
 * `perRoof`), each roof's (minutes: its méthode des pluies critical duration, or its peak at a
 * neighbouring diameter); 60 min when not given. `above`: stop as soon as the site's outflow exceeds it
 * (m3/s): the diameter search only asks whether the peak stays within the allowed leakage.
 */
export interface RoutingHints {
  site?: SitePeak[];
  roofs?: ArrayLike<number>;
  above?: number;
}

/** The gain still to come at which a search stops, relative to the peak: the site's, a roof's. */
const SITE_TOL = 1e-11;
const ROOF_TOL = 1e-9;

/**
 * Routes the block rains of 15 min to 24 h through orifices of diameter `d` m: the site's peak outflow
 * and, with `perRoof`, each roof's own peak storage (first: their critical durations bracket the site's).
 *
 * Each roof's search starts from its hint moved as much as the last roof's (in order of their hints)
 * moved from its own, with that roof's curvature for its first Newton step: roofs alike find their peak
 * in two or three routings. The site's search starts at the mean of the roofs' peaks weighted by their
 * curvature (where the sum of their parabolas peaks), with the sum of the curvatures.
 */
export function routeProject(
  roofs: RoutedRoof[],
  d: number,
  rain: DesignRain,
  cd: number,
  g: number,
  perRoof: boolean,
  hints: RoutingHints = {},
): Routed {
  const n = roofs.length;
  const b = rain.b;
  while (preparedPool.length < n) preparedPool.push(blank());
  const prepared = preparedPool;
  for (let i = 0; i < n; i += 1)
    prepare(roofs[i]!, orificeConstant(roofs[i]!.drains, d, cd, g), rain, prepared[i]);
  stop = false;
  let lo = LO;
  let hi = HI;
  const starts: SitePeak[] = [];
  let own: Routed['roofs'] = null;
  if (perRoof) {
    const peaks = new Array<Peak>(n);
    const order = roofs.map((_, i) => i);
    const hint = new Float64Array(n);
    for (let i = 0; i < n; i += 1) hint[i] = Math.log(hints.roofs?.[i] ?? 60);
    order.sort((i, j) => hint[i]! - hint[j]!);
    let shift = 0;
    let curvature = Number.NaN; // the last roof's slope over its peak value
    // each roof's storage under the rain of its largest outflow so far, and that outflow
    const volumes = new Float64Array(n);
    const most = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
    // one objective for every roof (the roof in `q`, its index in `roof`)
    let q = prepared[0]!;
    let roof = 0;
    const at = (x: number) => {
      roofAt(q, b, Math.exp(x), Math.exp(-b * x));
      objective.f = out.outflow;
      objective.g = out.dOutflow;
      if (out.outflow > most[roof]!) {
        most[roof] = out.outflow;
        volumes[roof] = out.volume;
      }
    };
    for (const i of order) {
      q = prepared[i]!;
      roof = i;
      // the outflow rises with the storage, and is the inflow (falling with the duration) while the
      // level holds: its peak is the storage's, and its search also finds the site's bracket
      const peak = maximize(at, hint[i]! + shift, LO, HI, curvature, ROOF_TOL);
      peaks[i] = peak;
      shift = peak.x - hint[i]!;
      if (peak.slope < 0 && peak.f > 0) curvature = peak.slope / peak.f;
    }
    own = peaks.map((peak, i) => ({ volume: volumes[i]!, minutes: Math.exp(peak.x), outflow: peak.f }));
    // each roof's outflow rises with its storage: the site's peak lies between the roofs' own
    lo = Number.POSITIVE_INFINITY;
    hi = Number.NEGATIVE_INFINITY;
    for (const peak of peaks) {
      lo = Math.min(lo, peak.x);
      hi = Math.max(hi, peak.x);
    }
    // a sum of peaks far apart can have a peak of its own near each group: one search from each group
    // of roofs whose critical durations lie within a factor e^0.5 of the next, from the group's
    // curvature-weighted mean
    order.sort((i, j) => peaks[i]!.x - peaks[j]!.x);
    let weight = 0;
    let sum = 0;
    let top = 0;
    order.forEach((i, m) => {
      const p = peaks[i]!;
      if (m > 0 && p.x - peaks[order[m - 1]!]!.x > 0.5) {
        starts.push({ minutes: Math.exp(sum / weight), curvature: -weight / top });
        weight = 0;
        sum = 0;
        top = 0;
      }
      const w = p.slope < 0 ? -p.slope : 1e-30;
      weight += w;
      sum += w * p.x;
      top += p.f;
    });
    starts.push({ minutes: Math.exp(sum / weight), curvature: -weight / top });
  } else starts.push(...(hints.site ?? [{ minutes: 60, curvature: Number.NaN }]));
  const outflows = new Float64Array(n);
  const bestOutflows = new Float64Array(n);
  let fBest = Number.NEGATIVE_INFINITY;
  const above = hints.above ?? Number.POSITIVE_INFINITY;
  const at = (x: number) => {
    const minutes = Math.exp(x);
    const power = Math.exp(-b * x);
    let sum = 0;
    let dsum = 0;
    for (let i = 0; i < n; i += 1) {
      roofAt(prepared[i]!, b, minutes, power);
      outflows[i] = out.outflow;
      sum += out.outflow;
      dsum += out.dOutflow;
    }
    objective.f = sum;
    objective.g = dsum;
    if (sum > fBest) {
      fBest = sum;
      bestOutflows.set(outflows);
    }
    if (sum > above) stop = true;
  };
  const peaks: SitePeak[] = [];
  let site: Peak = { x: 0, f: Number.NEGATIVE_INFINITY, slope: Number.NaN };
  for (const start of starts) {
    const found = maximize(at, Math.log(start.minutes), lo, hi, start.curvature, SITE_TOL);
    peaks.push({ minutes: Math.exp(found.x), curvature: found.slope / found.f });
    if (found.f > site.f) site = found;
    if (stop) break;
  }
  return {
    outflow: site.f,
    minutes: Math.exp(site.x),
    outflows: Array.from(bestOutflows),
    roofs: own,
    peaks,
    complete: !stop,
  };
}
