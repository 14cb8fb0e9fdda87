/**
 * Level-pool routing of Montana block rains through a roof's orifices (method 1.2, issue 25).
 *
 * A roof is a reservoir: its stored volume V (m3) stands at an equivalent depth D = V / S through the
 * layer the water stands in (thickness L, porosity p: height D / p up to the layer's top, then free water
 * above it, as `waterHeight` models it); the head on the orifices adds the recess at the drain. The head is
 * linear in V on each of the two pieces, head = alpha + beta V, and the drains let out
 * Q = k sqrt(head), k = n Cd (pi d^2 / 4) sqrt(2 g). Under a block rain (a constant inflow I for the
 * rain's duration) dV/dt = I - k sqrt(alpha + beta V) has a closed form: with u = sqrt(alpha + beta V)
 * and w = I - k u,
 *     t(u1) - t(u0) = 2 / (beta k^2) * [ I ln(w0 / w1) - (w0 - w1) ],
 * so the storage at the end of the rain (its peak: V only rises while the inflow lasts) is found by
 * solving that equation for u1 (Newton inside a bracket), piece by piece. No time step: the figure is the
 * exact solution of the model, and the test integrates the same model independently (Runge-Kutta on the
 * clock) to hold it to that.
 *
 * At V = 0 the recess already stands on the orifices: a rain lighter than what they pass under the recess
 * alone stores nothing (its water goes straight out), as the emptying model has it.
 *
 * Durations: a block rain's depth is the Montana law's H(d) = a d^(1-b) (mm, d in minutes), its runoff
 * Ca H over the roof. The durations searched run from 15 min to 24 h: a log grid of 13 durations, then parabolic
 * interpolation around the best of the grid, for the site's outflow (all roofs under the same
 * rain at the same time) and for each roof's own peak storage.
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

/** -ln(1 - y) - y for y in [0, 1), without cancellation near 0. */
function phi(y: number): number {
  if (y < 1e-4) return y * y * (0.5 + y * (1 / 3 + y * 0.25));
  return -Math.log1p(-y) - y;
}

/** Seconds left once a piece of the head relation is filled (-1: the rain ended, or the level held, inside it). */
let leftAfter = 0;

/**
 * The storage at the end of one linear piece (head = alpha + beta V, from `v` up to `vEnd`) of a
 * reservoir under a constant inflow for `left` seconds; sets `leftAfter` (no allocation: it runs
 * thousands of times a calculation).
 */
function fillPiece(
  alpha: number,
  beta: number,
  v: number,
  vEnd: number,
  inflow: number,
  k: number,
  left: number,
): number {
  leftAfter = -1;
  const uEq = inflow / k;
  const u0 = Math.sqrt(alpha + beta * v);
  if (u0 >= uEq) return v; // the orifices already pass the inflow: the level holds
  const w0 = inflow - k * u0;
  const scale = 2 / (beta * k * k);
  const ku0 = k * u0;
  // the fraction y = 1 - w1 / w0 at the piece's end (1 when the level would reach equilibrium first)
  if (vEnd < Number.POSITIVE_INFINITY) {
    const uEnd = Math.sqrt(alpha + beta * vEnd);
    if (uEnd < uEq) {
      const yEnd = 1 - (inflow - k * uEnd) / w0;
      const tEnd = scale * (inflow * phi(yEnd) + ku0 * yEnd);
      if (tEnd <= left) {
        leftAfter = left - tEnd;
        return vEnd;
      }
      return finish(alpha, beta, inflow, k, w0, scale, ku0, left, yEnd);
    }
  }
  return finish(alpha, beta, inflow, k, w0, scale, ku0, left, 1);
}

/** Solves time(y) = left for y in [0, hi) (Newton kept inside the bracket by bisection): the storage then. */
function finish(
  alpha: number,
  beta: number,
  inflow: number,
  k: number,
  w0: number,
  scale: number,
  ku0: number,
  left: number,
  hi: number,
): number {
  let lo = 0;
  let y = Math.min(0.5 * hi, left / (scale * Math.max(ku0, 1e-300)));
  for (let i = 0; i < 100; i += 1) {
    const f = scale * (inflow * phi(y) + ku0 * y) - left;
    if (Math.abs(f) <= 1e-12 * left) break;
    if (f > 0) hi = y;
    else lo = y;
    const slope = scale * (inflow * (y / (1 - y)) + ku0);
    let next = slope > 0 ? y - f / slope : 0.5 * (lo + hi);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - y) <= 1e-15) {
      y = next;
      break;
    }
    y = next;
  }
  const u1 = (inflow - w0 * (1 - y)) / k;
  return (u1 * u1 - alpha) / beta;
}

/**
 * The storage (m3) of roof `r` after `seconds` of a constant inflow `inflow` (m3/s), starting empty,
 * through orifices of constant `k` (Q = k sqrt(head)).
 */
export function storageAfter(r: RoutedRoof, k: number, inflow: number, seconds: number): number {
  if (inflow <= 0) return 0;
  const { thickness: L, porosity: p } = r.layer;
  const top = (r.surface * p * L) / 1000; // volume that fills the layer
  let v = 0;
  let left = seconds;
  if (top > 0) {
    v = fillPiece(r.recess / 1000, 1 / (r.surface * p), 0, top, inflow, k, left);
    if (leftAfter < 0) return Math.max(0, v);
    left = leftAfter;
  }
  return Math.max(
    v,
    fillPiece((L * (1 - p) + r.recess) / 1000, 1 / r.surface, top, Number.POSITIVE_INFINITY, inflow, k, left),
  );
}

/** The runoff of a block rain of `minutes` on `surface` m2: its constant inflow (m3/s). */
export function blockInflow(rain: DesignRain, surface: number, minutes: number): number {
  const depth = rain.a * minutes ** (1 - rain.b); // mm
  return ((rain.ca * depth) / 1000) * (surface / (minutes * 60));
}

/** The outflow (m3/s) of the last roofUnder: returned beside the storage without an object. */
let outflowUnder = 0;

/** A roof under one block rain: its storage at the end of the rain (the peak); its outflow then in `outflowUnder`. */
function roofUnder(r: RoutedRoof, k: number, rain: DesignRain, minutes: number): number {
  const inflow = blockInflow(rain, r.surface, minutes);
  const v = storageAfter(r, k, inflow, minutes * 60);
  outflowUnder = v > 0 ? k * Math.sqrt(headOf(r, v)) : Math.min(inflow, k * Math.sqrt(r.recess / 1000));
  return v;
}

/** The outflow (m3/s) of a roof under one block rain. */
function outflowOf(r: RoutedRoof, k: number, rain: DesignRain, minutes: number): number {
  roofUnder(r, k, rain, minutes);
  return outflowUnder;
}

const GRID = 13;
const LOG0 = Math.log(ROUTED_DURATIONS[0]);
const STEP = Math.log(ROUTED_DURATIONS[1] / ROUTED_DURATIONS[0]) / (GRID - 1);
/** The routed durations' log grid (minutes). */
const DURATIONS = Array.from({ length: GRID }, (_, i) => Math.exp(LOG0 + STEP * i));

/**
 * The largest value of `f` over the durations: the best of the grid's `values`, then three rounds of
 * parabolic interpolation (in log duration) around it, each on a spacing four times narrower.
 */
function refine(
  values: ArrayLike<number>,
  f: (minutes: number) => number,
): { minutes: number; value: number } {
  let best = 0;
  for (let i = 1; i < values.length; i += 1) if (values[i]! > values[best]!) best = i;
  const lo = LOG0;
  const hi = LOG0 + STEP * (GRID - 1);
  let x = LOG0 + STEP * best;
  let fx = values[best]!;
  let h = STEP;
  let left = best > 0 ? values[best - 1]! : Number.NaN;
  let right = best < GRID - 1 ? values[best + 1]! : Number.NaN;
  for (let round = 0; round < 3; round += 1) {
    if (Number.isNaN(left)) left = x - h >= lo - 1e-12 ? f(Math.exp(x - h)) : Number.NEGATIVE_INFINITY;
    if (Number.isNaN(right)) right = x + h <= hi + 1e-12 ? f(Math.exp(x + h)) : Number.NEGATIVE_INFINITY;
    const curve = left - 2 * fx + right;
    if (Number.isFinite(curve) && curve < 0) {
      const at = Math.min(hi, Math.max(lo, x + (0.5 * h * (left - right)) / curve));
      const value = f(Math.exp(at));
      if (value > fx) {
        x = at;
        fx = value;
      }
    } else if (left > fx || right > fx) {
      // at an end of the range: keep the better end
      if (left > right) {
        x -= h;
        fx = left;
      } else {
        x += h;
        fx = right;
      }
    }
    h /= 4;
    left = Number.NaN;
    right = Number.NaN;
  }
  return { minutes: Math.exp(x), value: fx };
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
}

/**
 * Routes the block rains of 15 min to 24 h through orifices of diameter `d` m: the site's peak outflow
 * and, with `perRoof`, each roof's own peak storage. The grid's routings serve both searches.
 */
export function routeProject(
  roofs: RoutedRoof[],
  d: number,
  rain: DesignRain,
  cd: number,
  g: number,
  perRoof: boolean,
): Routed {
  const ks = roofs.map((r) => orificeConstant(r.drains, d, cd, g));
  // the grid's routings: each roof's storage, and the site's outflow, at each duration
  const volumes = roofs.map(() => new Float64Array(GRID));
  const siteGrid: number[] = new Array<number>(GRID).fill(0);
  roofs.forEach((r, i) => {
    for (let j = 0; j < GRID; j += 1) {
      volumes[i]![j] = roofUnder(r, ks[i]!, rain, DURATIONS[j]!);
      siteGrid[j]! += outflowUnder;
    }
  });
  const site = refine(siteGrid, (m) => {
    let sum = 0;
    for (let i = 0; i < roofs.length; i += 1) sum += outflowOf(roofs[i]!, ks[i]!, rain, m);
    return sum;
  });
  return {
    outflow: site.value,
    minutes: site.minutes,
    outflows: roofs.map((r, i) => outflowOf(r, ks[i]!, rain, site.minutes)),
    roofs: perRoof
      ? roofs.map((r, i) => {
          const peak = refine(volumes[i]!, (m) => roofUnder(r, ks[i]!, rain, m));
          return {
            volume: Math.max(0, peak.value),
            minutes: peak.minutes,
            outflow: outflowOf(r, ks[i]!, rain, peak.minutes),
          };
        })
      : null,
  };
}
