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
 * Method 1.4 (issue 36): a bottom orifice under less than its critical head hc = 0.368 d does not run
 * full; EPA SWMM 5.2.4 lets it out as a weir, Q = (k / hc) h^1.5 (orifice.ts). A roof whose recess stands
 * below hc (orifices wider than 54 mm over the usual 20 mm) routes through reservoir.ts, which solves
 * the weir pieces in closed form too (and their derivative in the rain's duration); the others keep the
 * batched solve below, whose figures are unchanged to the bit.
 *
 * Durations: a block rain's depth is the Montana law's H(d) = a d^(1-b) (mm, d in minutes), its runoff
 * Ca H over the roof; the durations searched run from 15 min to the range the caller gives (method 1.4:
 * at least 72 h; method 1.3 stopped at 24 h). Method 1.3 finds the worst rain
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
 * took about 1650 roof routings, now 308 (4 of them routed ahead for a search that did not start
 * there; `npm run bench:calc` prints the time beside the calculation without routing).
 *
 * Speed: a routing is a logarithm, three exponentials and a few divisions, each waiting for the last:
 * its time is the latency of that chain. The roofs under the same rain do not wait for each other, so
 * they go through each step together (`routeRoofs`: every roof's logarithm, then every roof's first
 * exponential, ...) and their chains overlap; a roof's search routes the next roof's first rain beside
 * its own rains after the first, where the next search starts if this rain ends this one. The figures
 * are those of one roof at a time, to the bit: each roof's arithmetic is the same, only interleaved with
 * the others'. The roofs' constants and states live in typed arrays kept from one routing to the next
 * (no allocation, no boxed number: V8 boxes a number written to a module or closure variable anew at
 * every write).
 */

import { criticalHead } from './orifice';
import { blockRain, reservoirOf, type Reservoir, type RoutedRoof } from './reservoir';

export type { RoutedRoof };

/** The Montana law of a design storm (mm, minutes) and the runoff coefficient. */
export interface DesignRain {
  a: number;
  b: number;
  ca: number;
}

/** The shortest block rain routed, and the longest at least (minutes): 15 min to 72 h. */
export const ROUTED_DURATIONS: [number, number] = [15, 4320];

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

/**
 * The roofs' constants at one orifice diameter and design rain (one entry a roof, written once a
 * routing), and each roof's state through the phases of `routeRoofs`: arrays of numbers, one a field,
 * grown with the roofs (a typed array holds its doubles unboxed, and a loop over the roofs reads them
 * in a row).
 */
const FIELDS = [
  // orifices: Q = k sqrt(head), kk = k^2; the inflow of a block rain of d minutes is c0 d^-b (m3/s)
  'k',
  'kk',
  'c0',
  // the head's first piece, head = alpha1 + beta1 V through the layer (alpha1: the recess), u1 = sqrt(alpha1)
  // and ku1 = k u1 (the outflow at V = 0); the layer's top: the volume that fills it, uTop and k uTop there
  'alpha1',
  'beta1',
  'u1',
  'ku1',
  'top',
  'uTop',
  'kuTop',
  // the second piece (free water above the layer); c1, c2 = 2 / (beta k^2) on each piece
  'alpha2',
  'beta2',
  'c1',
  'c2',
  // the rain a roof is routed under: its duration (s) and minutes^-b
  'seconds',
  'power',
  // a roof under the rain being routed: its inflow, w = I - k u at the start of the piece the rain
  // ends in, w at the layer's top, s, e^-s, the target of the solve, dt/dI so far
  'inflow',
  'wa',
  'wt',
  's',
  'e',
  'target',
  'dtdI',
  // its result: storage (m3) and outflow (m3/s) at the end of the rain, their derivatives in ln(minutes)
  'volume',
  'outflow',
  'dVolume',
  'dOutflow',
  // the searches' (routeProject): each roof's hint (ln minutes), its largest outflow so far and its
  // storage then, its peak (ln minutes, outflow, slope); the site's roofs' outflows under its largest
  // so far
  'hint',
  'most',
  'peakVolume',
  'peakX',
  'peakF',
  'peakSlope',
  'best',
] as const;
type Roofs = Record<(typeof FIELDS)[number], Float64Array> & {
  /** the piece the rain ends in (1, 2; 0: the level held at V = 0; 3: the first, if the rain does not fill the layer), Halley steps taken */
  piece: Int8Array;
  steps: Int8Array;
  /** the roofs to route, listed; the roofs still solving, listed; each roof's first copy (below) */
  jobs: Int32Array;
  active: Int32Array;
  same: Int32Array;
  /** a roof whose outflow follows the weir law under its critical head: its reservoir (else null) */
  weir: (Reservoir | null)[];
};
function allocate(n: number): Roofs {
  const fields = {} as Record<(typeof FIELDS)[number], Float64Array>;
  for (const f of FIELDS) fields[f] = new Float64Array(n);
  const lists = { jobs: new Int32Array(n), active: new Int32Array(n), same: new Int32Array(n) };
  const weir = new Array<Reservoir | null>(n).fill(null);
  return { ...fields, piece: new Int8Array(n), steps: new Int8Array(n), ...lists, weir };
}
let R = allocate(64);

/** Room for `n` roofs. */
function reserve(n: number): void {
  if (R.k.length < n) R = allocate(Math.max(n, 2 * R.k.length));
}

/**
 * Writes roof `r`'s constants at orifice constant `k`, critical head `hc` (m) and rain `rain` (c0 = 0
 * without a rain) into entry `i`.
 */
function prepare(i: number, r: RoutedRoof, k: number, hc: number, rain: DesignRain | null): void {
  const { thickness: L, porosity: p } = r.layer;
  const alpha1 = r.recess / 1000;
  const top = (r.surface * p * L) / 1000; // volume that fills the layer
  const beta1 = top > 0 ? 1 / (r.surface * p) : 1 / r.surface;
  const kk = k * k;
  const u1 = Math.sqrt(alpha1);
  const uTop = Math.sqrt(alpha1 + beta1 * top);
  const beta2 = 1 / r.surface;
  R.k[i] = k;
  R.kk[i] = kk;
  R.c0[i] = rain ? (rain.ca * rain.a * r.surface) / 60000 : 0;
  R.alpha1[i] = alpha1;
  R.beta1[i] = beta1;
  R.u1[i] = u1;
  R.ku1[i] = k * u1;
  R.top[i] = top;
  R.uTop[i] = uTop;
  R.kuTop[i] = k * uTop;
  R.alpha2[i] = (L * (1 - p) + r.recess) / 1000;
  R.beta2[i] = beta2;
  R.c1[i] = 2 / (beta1 * kk);
  R.c2[i] = 2 / (beta2 * kk);
  R.weir[i] = hc > alpha1 ? reservoirOf(r, k, hc) : null;
}

/** Whether two roofs route alike: the same area, drains, recess and layer. */
function alike(r: RoutedRoof, q: RoutedRoof): boolean {
  return (
    r.surface === q.surface &&
    r.drains === q.drains &&
    r.recess === q.recess &&
    r.layer.thickness === q.layer.thickness &&
    r.layer.porosity === q.layer.porosity
  );
}

/** Roof routings done so far (the benchmark and a test count the work a calculation takes). */
let routings = 0;
export function roofRoutings(): number {
  return routings;
}

/** Lists roof `i` to be routed under the block rain of `seconds` whose inflow on it is c0 `power`. */
function job(j: number, i: number, seconds: number, power: number): void {
  R.jobs[j] = i;
  R.seconds[i] = seconds;
  R.power[i] = power;
}

/**
 * The first `count` roofs listed in R.jobs, each under its block rain (R.seconds, R.power: minutes^-b, the
 * inflow is c0 power; b the Montana exponent, search.b), each starting empty: sets each roof's outflow and
 * dOutflow, and with `volumes` its volume and dVolume (the site's search reads the outflows alone).
 *
 * Each roof is a reservoir under a constant inflow through its orifices: the storage at the end of the
 * rain solves t(s) = c [I s - w0 (1 - e^-s)] = the time left in the piece the rain ends in, Halley's
 * steps from an upper bound (the time is convex and increasing in s: the steps come down onto the
 * root). The roofs go through each phase together, every roof's logarithm, then every roof's
 * exponential, and so on: one roof's steps wait for each other, the roofs' do not, so a site's roofs
 * take the time of one roof's chain of exponentials, not of their sum.
 */
function routeRoofs(count: number, volumes: boolean): void {
  routings += count;
  const b = search.b;
  const { k: K, c0: C0, u1: U1, top: TOP, uTop: UTOP, ku1: KU1, kuTop: KUTOP, c1: C1, c2: C2 } = R;
  const { inflow: IN, wa: WA, wt: WT, s: S, e: E, target: TARGET, dtdI: DT } = R;
  const { piece: PIECE, steps: STEPS, jobs: JOBS, active: ACTIVE, seconds: SEC, power: POW } = R;
  const { volume: VOL, outflow: OUT, dVolume: DVOL, dOutflow: DOUT } = R;
  // the inflow; a rain lighter than what the orifices pass under the recess alone stores nothing (its
  // water goes straight out: the outflow is the inflow, d inflow / d ln(d) = -b inflow); else the
  // first piece, and the ratio w0 / wTop whose logarithm gives the time to fill the layer
  let crossing = 0;
  for (let j = 0; j < count; j += 1) {
    const i = JOBS[j]!;
    const seconds = SEC[i]!;
    const inflow = C0[i]! * POW[i]!;
    IN[i] = inflow;
    DT[i] = 0;
    const uEq = inflow / K[i]!;
    const weir = R.weir[i];
    if (weir) {
      // a roof with a weir piece: the general closed form (reservoir.ts), out of the batched phases
      const end = blockRain(weir, inflow, seconds, b);
      PIECE[i] = 0;
      VOL[i] = end.volume;
      DVOL[i] = end.dVolume;
      OUT[i] = end.outflow;
      DOUT[i] = end.dOutflow;
      continue;
    }
    if (U1[i]! >= uEq || seconds <= 0) {
      PIECE[i] = 0;
      VOL[i] = 0;
      DVOL[i] = 0;
      OUT[i] = inflow;
      DOUT[i] = -b * inflow;
      continue;
    }
    const wa = inflow - KU1[i]!;
    WA[i] = wa;
    PIECE[i] = TOP[i]! > 0 ? 1 : 2;
    if (TOP[i]! > 0 && UTOP[i]! < uEq) {
      const wt = inflow - KUTOP[i]!;
      WT[i] = wt;
      S[i] = wa / wt;
      PIECE[i] = 3;
      ACTIVE[crossing] = i;
      crossing += 1;
    }
  }
  for (let j = 0; j < crossing; j += 1) {
    const i = ACTIVE[j]!;
    S[i] = Math.log(S[i]!);
  }
  // the time to fill the layer (a rain that lasts longer ends in the second piece), then the solve's
  // start: an upper bound, 1 - e^-s <= 2s / (2 + s), so I s - w0 2s / (2 + s) = target has a root
  // above the solution
  let solving = 0;
  for (let j = 0; j < count; j += 1) {
    const i = JOBS[j]!;
    let piece = PIECE[i]!;
    if (piece === 0) continue;
    const inflow = IN[i]!;
    let left = SEC[i]!;
    let wa = WA[i]!;
    if (piece === 3) {
      const s = S[i]!;
      const wt = WT[i]!;
      const c = C1[i]!;
      const tTop = c * (inflow * s - (wa - wt));
      piece = 1;
      if (tTop <= left) {
        left = left - tTop;
        DT[i] = DT[i]! + c * (s + inflow * (1 / wa - 1 / wt));
        piece = 2;
        wa = wt;
        WA[i] = wt;
      }
      PIECE[i] = piece;
    }
    const target = left / (piece === 1 ? C1[i]! : C2[i]!);
    const bq = 2 * inflow - 2 * wa - target;
    S[i] = (-bq + Math.sqrt(bq * bq + 8 * inflow * target)) / (2 * inflow);
    TARGET[i] = target;
    STEPS[i] = 0;
    ACTIVE[solving] = i;
    solving += 1;
  }
  // Halley's steps (the curvature is w0 e^-s: from above the root they stay above it), every roof's
  // exponential first, until the time is met to 1e-13 or a step no longer goes down (50 steps at most)
  while (solving > 0) {
    for (let j = 0; j < solving; j += 1) {
      const i = ACTIVE[j]!;
      E[i] = Math.exp(-S[i]!);
    }
    let still = 0;
    for (let j = 0; j < solving; j += 1) {
      const i = ACTIVE[j]!;
      if (STEPS[i] === 50) continue;
      const s = S[i]!;
      const e = E[i]!;
      const inflow = IN[i]!;
      const w0 = WA[i]!;
      const target = TARGET[i]!;
      const f = inflow * s - w0 * (1 - e) - target;
      if (f <= 1e-13 * target) continue;
      const d1 = inflow - w0 * e;
      const next = s - (2 * f * d1) / (2 * d1 * d1 - f * w0 * e);
      if (!(next < s)) continue;
      S[i] = next;
      STEPS[i] = STEPS[i]! + 1;
      ACTIVE[still] = i;
      still += 1;
    }
    solving = still;
  }
  // the end of the rain: u = sqrt(head) there, w = I - k u, the storage; dt/dI at the end level gives
  // T du/dT = beta w1 / (2 u1) (T - T I'(T) dt/dI) with T I'(T) = -b I, the last piece's -c I / w1 term
  // of dt/dI multiplied out so that w1 = 0 (the level at equilibrium) stays finite
  const { alpha1: A1, beta1: B1, alpha2: A2, beta2: B2 } = R;
  for (let j = 0; j < count; j += 1) {
    const i = JOBS[j]!;
    if (PIECE[i] === 0) continue;
    const first = PIECE[i] === 1;
    const alpha = first ? A1[i]! : A2[i]!;
    const beta = first ? B1[i]! : B2[i]!;
    const c = first ? C1[i]! : C2[i]!;
    const k = K[i]!;
    const inflow = IN[i]!;
    const wa = WA[i]!;
    const w1 = wa * E[i]!;
    const u1 = (inflow - w1) / k;
    const dtdI = DT[i]! + c * (S[i]! + inflow / wa);
    const bI = b * inflow;
    const du = (beta / (2 * u1)) * ((w1 > 0 ? w1 * (SEC[i]! + bI * dtdI) : 0) - bI * c * inflow);
    OUT[i] = k * u1;
    DOUT[i] = k * du;
    if (volumes) {
      const v = Math.max(0, (u1 * u1 - alpha) / beta);
      VOL[i] = v;
      DVOL[i] = v > 0 ? (2 * u1 * du) / beta : 0;
    }
  }
}

/**
 * The storage (m3) of roof `r` after `seconds` of a constant inflow `inflow` (m3/s), starting empty,
 * through orifices of constant `k` (Q = k sqrt(head) when full) and critical head `hc` m (0: full at
 * every head).
 */
export function storageAfter(r: RoutedRoof, k: number, inflow: number, seconds: number, hc = 0): number {
  if (inflow <= 0) return 0;
  prepare(0, r, k, hc, null);
  R.c0[0] = inflow;
  job(0, 0, seconds, 1);
  search.b = 0;
  routeRoofs(1, true);
  return R.volume[0]!;
}

/** The runoff of a block rain of `minutes` on `surface` m2: its constant inflow (m3/s). */
export function blockInflow(rain: DesignRain, surface: number, minutes: number): number {
  const depth = rain.a * minutes ** (1 - rain.b); // mm
  return ((rain.ca * depth) / 1000) * (surface / (minutes * 60));
}

/** A roof under one block rain: storage (m3) and outflow (m3/s) at its end, and their derivatives in ln(minutes). */
export function roofUnderRain(
  r: RoutedRoof,
  k: number,
  rain: DesignRain,
  minutes: number,
  hc = 0,
): { volume: number; outflow: number; dVolume: number; dOutflow: number } {
  prepare(0, r, k, hc, rain);
  job(0, 0, minutes * 60, minutes ** -rain.b);
  search.b = rain.b;
  routeRoofs(1, true);
  return { volume: R.volume[0]!, outflow: R.outflow[0]!, dVolume: R.dVolume[0]!, dOutflow: R.dOutflow[0]! };
}

/**
 * Sorts `order` by `key` as a stable sort with the comparator (i, j) => key[i] - key[j] does (keys
 * finite: an insertion sort, without the comparator's calls; else the engine's sort).
 */
function sortBy(order: number[], key: ArrayLike<number>, n: number): void {
  for (let i = 0; i < n; i += 1)
    if (!Number.isFinite(key[i])) {
      order.sort((x, y) => key[x]! - key[y]!);
      return;
    }
  for (let m = 1; m < order.length; m += 1) {
    const v = order[m]!;
    const kv = key[v]!;
    let j = m - 1;
    while (j >= 0 && key[order[j]!]! > kv) {
      order[j + 1] = order[j]!;
      j -= 1;
    }
    order[j + 1] = v;
  }
}

/** The objective's value and derivative at the last point `maximize` asked for. */
const objective = { f: 0, g: 0 };
/** set by an objective to end the search at once */
let stop = false;

/**
 * The searches' state (number fields, written in place: the objectives are module functions, not
 * closures made anew at every routing, and a number passed to a function V8 does not inline is boxed
 * anew at every call): the roofs and the Montana exponent; the durations routed (`lo0`, `hi0`, ln
 * minutes); where a search starts (`x0`, in [lo, hi],
 * with a neighbour's `curvature`); a roof's search: the roof
 * (`roof`), the roof searched after it (`next`, -1 for none), whether the next rain is the search's
 * first, the next roof's first rain routed ahead (`aheadRoof`, -1 for none, at `aheadX`); the site's
 * search: its largest outflow so far and the outflow that stops it.
 */
const search = {
  n: 0,
  b: Number.NaN,
  lo0: Number.NaN,
  hi0: Number.NaN,
  x0: Number.NaN,
  lo: Number.NaN,
  hi: Number.NaN,
  curvature: Number.NaN,
  roof: 0,
  next: -1,
  first: true,
  aheadRoof: -1,
  aheadX: Number.NaN,
  fBest: Number.NEGATIVE_INFINITY,
  above: Number.POSITIVE_INFINITY,
};

/**
 * A roof's objective: its outflow at the end of the rain of x = ln(minutes), keeping the roof's storage
 * under the rain of its largest outflow so far. A search's rains after its first also route the next
 * roof's first rain, where its search starts if this rain ends this one as its peak: the two roofs'
 * exponentials overlap, and the next search takes that routing when it starts there.
 */
function roofAt(x: number): void {
  const { roof, next, b } = search;
  const { hint, most, peakVolume } = R;
  if (roof === search.aheadRoof && x === search.aheadX) search.aheadRoof = -1;
  else {
    search.aheadRoof = -1;
    job(0, roof, Math.exp(x) * 60, Math.exp(-b * x));
    if (!search.first && next >= 0) {
      const x0 = Math.min(search.hi0, Math.max(search.lo0, hint[next]! + (x - hint[roof]!)));
      job(1, next, Math.exp(x0) * 60, Math.exp(-b * x0));
      search.aheadRoof = next;
      search.aheadX = x0;
    }
    routeRoofs(search.aheadRoof < 0 ? 1 : 2, true);
  }
  search.first = false;
  const outflow = R.outflow[roof]!;
  objective.f = outflow;
  objective.g = R.dOutflow[roof]!;
  if (outflow > most[roof]!) {
    most[roof] = outflow;
    peakVolume[roof] = R.volume[roof]!;
  }
}

/**
 * The site's objective: all roofs under the rain of x = ln(minutes), their outflows added up (keeping
 * each roof's under the rain of the largest sum so far); stops the search once the sum exceeds
 * `search.above`.
 */
function siteAt(x: number): void {
  const { n, b } = search;
  const { outflow, dOutflow, best, same } = R;
  const seconds = Math.exp(x) * 60;
  const power = Math.exp(-b * x);
  let count = 0;
  for (let i = 0; i < n; i += 1)
    if (same[i] === i) {
      job(count, i, seconds, power);
      count += 1;
    }
  routeRoofs(count, false);
  if (count < n)
    for (let i = 0; i < n; i += 1) {
      outflow[i] = outflow[same[i]!]!;
      dOutflow[i] = dOutflow[same[i]!]!;
    }
  let sum = 0;
  let dsum = 0;
  for (let i = 0; i < n; i += 1) {
    sum += outflow[i]!;
    dsum += dOutflow[i]!;
  }
  objective.f = sum;
  objective.g = dsum;
  if (sum > search.fBest) {
    search.fBest = sum;
    for (let i = 0; i < n; i += 1) best[i] = outflow[i]!;
  }
  if (sum > search.above) stop = true;
}

/**
 * The peak the last search found: where (x = ln minutes), its value, and the derivative's slope there
 * (< 0, or NaN); number fields written in place, read before the next search.
 */
const peak = { x: Number.NaN, f: Number.NaN, slope: Number.NaN };

/**
 * The largest value of a smooth unimodal function of x = ln(minutes) over [lo, hi] (search.lo, search.hi),
 * the site's outflow (`site`) or a roof's (siteAt, roofAt set objective.f and objective.g = df/dx): from
 * search.x0, Newton steps on the derivative (its slope from the last two
 * points, or at first `curvature` times the value: a neighbouring search's slope over its peak), at most a step that doubles until the
 * derivative changes sign, then kept inside the bracket (halving when they leave it), until the gain
 * still to come (g^2 / 2|g'|) is below `tol` of the value. Sets `peak` to the best point evaluated (its
 * value is a real evaluation, not an extrapolation).
 */
function maximize(site: boolean): void {
  const { lo, hi, curvature } = search;
  const tol = site ? SITE_TOL : ROOF_TOL;
  let x = Math.min(hi, Math.max(lo, search.x0));
  if (site) siteAt(x);
  else roofAt(x);
  let f = objective.f;
  let g = objective.g;
  let best = x;
  let fBest = f;
  // the slope of g: the secant of the last two rains, or borrowed (`curvature` times the value) while
  // there is no secant or it spans rains far apart; only a secant of close rains may stop the search
  let secant = Number.NaN;
  let measured = false;
  if (stop) {
    peak.x = x;
    peak.f = f;
    peak.slope = curvature * Math.abs(f);
    return;
  }
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
    if (site) siteAt(x);
    else roofAt(x);
    f = objective.f;
    g = objective.g;
    secant = (g - gp) / (x - xp);
    measured = Math.abs(x - xp) <= 0.1;
    if (stop) {
      peak.x = x;
      peak.f = f;
      peak.slope = secant;
      return;
    }
    if (f > fBest) {
      fBest = f;
      best = x;
    }
  }
  peak.x = best;
  peak.f = fBest;
  peak.slope = measured ? secant : curvature * Math.abs(fBest);
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
 * (m3/s): the diameter search only asks whether the peak stays within the allowed leakage. `range`: the
 * shortest and longest block rains (minutes), ROUTED_DURATIONS when not given.
 */
export interface RoutingHints {
  site?: SitePeak[];
  roofs?: ArrayLike<number>;
  above?: number;
  range?: readonly [number, number];
}

/** The gain still to come at which a search stops, relative to the peak: the site's, a roof's. */
const SITE_TOL = 1e-11;
const ROOF_TOL = 1e-9;

/**
 * Routes the block rains of `hints.range` through orifices of diameter `d` m: the site's peak outflow
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
  reserve(n);
  const hc = criticalHead(d, cd);
  for (let i = 0; i < n; i += 1) prepare(i, roofs[i]!, orificeConstant(roofs[i]!.drains, d, cd, g), hc, rain);
  // a roof like the one before it (a copied roof) routes as it does, to the bit: the site's rains
  // route the first of each run of copies alone
  for (let i = 0; i < n; i += 1) R.same[i] = i > 0 && alike(roofs[i]!, roofs[i - 1]!) ? R.same[i - 1]! : i;
  search.n = n;
  search.b = rain.b;
  stop = false;
  const [shortest, longest] = hints.range ?? ROUTED_DURATIONS;
  search.lo0 = Math.log(shortest);
  search.hi0 = Math.log(longest);
  let lo = search.lo0;
  let hi = search.hi0;
  const starts: SitePeak[] = [];
  let own: Routed['roofs'] = null;
  if (perRoof) {
    const order = new Array<number>(n);
    // each roof's storage under the rain of its largest outflow so far, and that outflow
    const { hint, peakVolume, most, peakX, peakF, peakSlope } = R;
    for (let i = 0; i < n; i += 1) {
      order[i] = i;
      hint[i] = Math.log(hints.roofs?.[i] ?? 60);
      most[i] = Number.NEGATIVE_INFINITY;
      peakVolume[i] = 0;
    }
    sortBy(order, hint, n);
    let shift = 0;
    let curvature = Number.NaN; // the last roof's slope over its peak value
    search.aheadRoof = -1;
    search.lo = search.lo0;
    search.hi = search.hi0;
    for (let m = 0; m < n; m += 1) {
      const i = order[m]!;
      search.roof = i;
      search.next = m + 1 < n ? order[m + 1]! : -1;
      search.first = true;
      // the outflow rises with the storage, and is the inflow (falling with the duration) while the
      // level holds: its peak is the storage's, and its search also finds the site's bracket
      search.x0 = hint[i]! + shift;
      search.curvature = curvature;
      maximize(false);
      peakX[i] = peak.x;
      peakF[i] = peak.f;
      peakSlope[i] = peak.slope;
      shift = peak.x - hint[i]!;
      if (peak.slope < 0 && peak.f > 0) curvature = peak.slope / peak.f;
    }
    own = new Array<{ volume: number; minutes: number; outflow: number }>(n);
    // each roof's outflow rises with its storage: the site's peak lies between the roofs' own
    lo = Number.POSITIVE_INFINITY;
    hi = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i += 1) {
      own[i] = { volume: peakVolume[i]!, minutes: Math.exp(peakX[i]!), outflow: peakF[i]! };
      lo = Math.min(lo, peakX[i]!);
      hi = Math.max(hi, peakX[i]!);
    }
    // a sum of peaks far apart can have a peak of its own near each group: one search from each group
    // of roofs whose critical durations lie within a factor e^0.5 of the next, from the group's
    // curvature-weighted mean
    sortBy(order, peakX, n);
    let weight = 0;
    let sum = 0;
    let top = 0;
    for (let m = 0; m < n; m += 1) {
      const p = order[m]!;
      if (m > 0 && peakX[p]! - peakX[order[m - 1]!]! > 0.5) {
        starts.push({ minutes: Math.exp(sum / weight), curvature: -weight / top });
        weight = 0;
        sum = 0;
        top = 0;
      }
      const w = peakSlope[p]! < 0 ? -peakSlope[p]! : 1e-30;
      weight += w;
      sum += w * peakX[p]!;
      top += peakF[p]!;
    }
    starts.push({ minutes: Math.exp(sum / weight), curvature: -weight / top });
  } else starts.push(...(hints.site ?? [{ minutes: 60, curvature: Number.NaN }]));
  search.fBest = Number.NEGATIVE_INFINITY;
  R.best.fill(0, 0, n);
  search.above = hints.above ?? Number.POSITIVE_INFINITY;
  search.lo = lo;
  search.hi = hi;
  const peaks: SitePeak[] = [];
  let siteX = 0;
  let siteF = Number.NEGATIVE_INFINITY;
  for (const start of starts) {
    search.x0 = Math.log(start.minutes);
    search.curvature = start.curvature;
    maximize(true);
    peaks.push({ minutes: Math.exp(peak.x), curvature: peak.slope / peak.f });
    if (peak.f > siteF) {
      siteF = peak.f;
      siteX = peak.x;
    }
    if (stop) break;
  }
  const outflows = new Array<number>(n);
  for (let i = 0; i < n; i += 1) outflows[i] = R.best[i]!;
  return {
    outflow: siteF,
    minutes: Math.exp(siteX),
    outflows,
    roofs: own,
    peaks,
    complete: !stop,
  };
}
