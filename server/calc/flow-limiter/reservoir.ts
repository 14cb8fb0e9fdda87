/**
 * A roof's reservoir drained by its limiters, solved exactly (method 1.4, issue 36), for any constant
 * inflow over any time: what the routing of a block rain, of each block of a stepped storm, and the
 * emptying all come down to.
 *
 * The stored volume V (m3) sets the head on the orifices, linear in V on each piece of the roof's
 * geometry (through the layer at its porosity, then free water: head = alpha + beta V, the recess
 * included), and the head the outflow: a bottom orifice as EPA SWMM 5.2.4 drains one (orifice.ts), the
 * orifice law Q = k sqrt(h) above the critical head hc and the weir law Q = (k / hc) h^1.5 below it. So a
 * roof is a few pieces along V (at most four: the layer's top and hc cut it), each with one law and one
 * linear head, and on each piece, with u = sqrt(head), dV/dt = I - Q has a closed form t(u):
 * - orifice (Q = c u): t = 2 / (beta c^2) [I ln(w0 / w1) - (w0 - w1)], w = I - c u;
 * - weir (Q = c u^3): with r = (I / c)^(1/3) the level where Q = I, x = u / r and N(x) = x^2 + x + 1,
 *   t = 2 / (3 beta c r) [ln|1 - x0| / |1 - x1| + ln(N(x1) / N(x0)) / 2 - sqrt(3) (atan((2 x1 + 1) / sqrt(3))
 *   - atan((2 x0 + 1) / sqrt(3)))], from u / (r^3 - u^3) in partial fractions;
 * - without inflow: t = 2 (u0 - u1) / (beta c) and 2 (1 / u1 - 1 / u0) / (beta c).
 * The level after a time T is the root of t(s) = T in s = the logarithm above (the time to the
 * equilibrium level is infinite, s is not): Newton's steps from the side where they are monotone (t is
 * convex in s, or concave when an orifice's level falls), to 1e-13 of the time. No time step anywhere:
 * the figures are the model's exact solution; tests/calc/reservoir.test.ts integrates the same model on
 * the clock (Runge-Kutta, levelPool.ts) to hold them to it.
 *
 * At V = 0 the recess already stands on the orifices: an inflow lighter than what they pass under the
 * recess alone stores nothing (its water goes straight out), as the emptying model has it.
 */
import { criticalHead } from './orifice';

/** A roof as the routing sees it: area (m2), drains, recess at the drain (mm), the layer the water stands in. */
export interface RoutedRoof {
  surface: number;
  drains: number;
  recess: number;
  layer: { thickness: number; porosity: number };
}

/** One piece: V in [v0, v1) m3, head = alpha + beta V (m), outflow c u (orifice) or c u^3 (weir), u = sqrt(head). */
export interface Piece {
  v0: number;
  v1: number;
  alpha: number;
  beta: number;
  weir: boolean;
  c: number;
}

/** A roof's reservoir at one orifice: its pieces in order of V (the first starts at V = 0, the last never ends). */
export interface Reservoir {
  pieces: Piece[];
}

const SQRT3 = Math.sqrt(3);

/**
 * The reservoir of roof `r` drained by orifices of constant `k` (Q = k sqrt(head) when full) whose
 * critical head is `hc` m (0: the orifice law at every head).
 */
export function reservoirOf(r: RoutedRoof, k: number, hc: number): Reservoir {
  const { thickness: L, porosity: p } = r.layer;
  const recess = r.recess / 1000;
  const top = (r.surface * p * L) / 1000; // the volume that fills the layer
  const inLayer = { alpha: recess, beta: 1 / (r.surface * p) };
  const free = { alpha: (L * (1 - p) + r.recess) / 1000, beta: 1 / r.surface };
  const geometry = (v: number) => (v < top ? inLayer : free);
  // the volume at which the head reaches hc (none when the recess already stands above it)
  let vc = 0;
  if (hc > recess) {
    const g = top > 0 && inLayer.alpha + inLayer.beta * top > hc ? inLayer : free;
    vc = (hc - g.alpha) / g.beta;
  }
  const cuts = [0, ...[top, vc].filter((x) => x > 0).sort((a, b) => a - b), Number.POSITIVE_INFINITY];
  const pieces: Piece[] = [];
  for (let j = 0; j + 1 < cuts.length; j += 1) {
    const v0 = cuts[j]!;
    const v1 = cuts[j + 1]!;
    if (!(v1 > v0)) continue;
    const weir = v0 < vc;
    pieces.push({ v0, v1, ...geometry(v0), weir, c: weir ? k / hc : k });
  }
  return { pieces };
}

/** The reservoir of roof `r` behind its drains' orifices of diameter `d` m (Cd `cd`), as SWMM drains them. */
export function limiterReservoir(r: RoutedRoof, d: number, cd: number, g: number): Reservoir {
  const k = r.drains * cd * ((Math.PI * d * d) / 4) * Math.sqrt(2 * g);
  return reservoirOf(r, k, criticalHead(d, cd));
}

/** Whether a roof's outflow follows the weir law anywhere (its recess below the orifices' critical head). */
export function hasWeir(res: Reservoir): boolean {
  return res.pieces[0]!.weir;
}

/** The index of the piece holding `v` m3. */
function pieceAt(res: Reservoir, v: number): number {
  let i = 0;
  while (i + 1 < res.pieces.length && v >= res.pieces[i]!.v1) i += 1;
  return i;
}

const uOf = (p: Piece, v: number) => Math.sqrt(p.alpha + p.beta * v);
const flowAt = (p: Piece, u: number) => (p.weir ? p.c * u * u * u : p.c * u);
const levelOf = (p: Piece, I: number) => (p.weir ? Math.cbrt(I / p.c) : I / p.c);
const N = (x: number) => x * x + x + 1;
const A = (x: number) => Math.atan((2 * x + 1) / SQRT3);

/** The head (m) of a reservoir holding `v` m3. */
export function headAt(res: Reservoir, v: number): number {
  const p = res.pieces[pieceAt(res, v)]!;
  return p.alpha + p.beta * v;
}

/** The outflow (m3/s) of a reservoir holding `v` m3 (at V = 0: what passes under the recess alone). */
export function outflowAt(res: Reservoir, v: number): number {
  const p = res.pieces[pieceAt(res, v)]!;
  return flowAt(p, uOf(p, v));
}

/**
 * The rate of change (m3/s2) of the outflow of a reservoir holding `v` m3 under `inflow` m3/s: dQ/du
 * du/dt, du/dt = beta (I - Q) / (2 u); none while the level holds at V = 0 (the inflow passes through).
 */
export function outflowRate(res: Reservoir, v: number, inflow: number): number {
  const p = res.pieces[pieceAt(res, v)]!;
  const u = uOf(p, v);
  const q = flowAt(p, u);
  if (v <= 0 && inflow <= q) return 0;
  return (p.weir ? 3 * p.c * u * u : p.c) * ((p.beta * (inflow - q)) / (2 * u));
}

/** The weir piece's time in units of 2 / (3 beta c r), from x0 to x where s = ln(|1 - x0| / |1 - x|). */
const weirUnits = (x0: number, x: number, s: number) =>
  s + 0.5 * Math.log(N(x) / N(x0)) - SQRT3 * (A(x) - A(x0));

/** The time (s) piece `p` takes from level u0 to u1 under inflow `I` (the equilibrium not between them). */
function travel(p: Piece, u0: number, u1: number, I: number): number {
  if (u0 === u1) return 0;
  if (I <= 0) {
    if (!p.weir) return (2 * (u0 - u1)) / (p.beta * p.c);
    return u1 > 0 ? (2 * (1 / u1 - 1 / u0)) / (p.beta * p.c) : Number.POSITIVE_INFINITY;
  }
  if (!p.weir) {
    const w0 = I - p.c * u0;
    const w1 = I - p.c * u1;
    return (2 / (p.beta * p.c * p.c)) * (I * Math.log(w0 / w1) - (w0 - w1));
  }
  const r = Math.cbrt(I / p.c);
  const s = Math.log(Math.abs(r - u0) / Math.abs(r - u1));
  return (2 / (3 * p.beta * p.c * r)) * weirUnits(u0 / r, u1 / r, s);
}

/** The level u = sqrt(head) of piece `p` after `T` s from u0 under inflow `I`, within the piece; and s. */
function within(p: Piece, u0: number, I: number, T: number): { u: number; s: number } {
  if (I <= 0) {
    const u = p.weir ? 1 / (1 / u0 + (p.beta * p.c * T) / 2) : u0 - (p.beta * p.c * T) / 2;
    return { u, s: 0 };
  }
  if (!p.weir) {
    // t = c2 [I s - w0 (1 - e^-s)]: convex rising (Halley's steps from an upper bound, 1 - e^-s <=
    // 2s / (2 + s)), concave falling (Newton's steps from s = 0)
    const w0 = I - p.c * u0;
    const target = (T * p.beta * p.c * p.c) / 2;
    let s = 0;
    if (w0 > 0) {
      const bq = 2 * I - 2 * w0 - target;
      s = (-bq + Math.sqrt(bq * bq + 8 * I * target)) / (2 * I);
    }
    for (let i = 0; i < 60; i += 1) {
      const e = Math.exp(-s);
      const f = I * s - w0 * (1 - e) - target;
      const d1 = I - w0 * e;
      const next = w0 > 0 ? s - (2 * f * d1) / (2 * d1 * d1 - f * w0 * e) : s - f / d1;
      if (!(Math.abs(next - s) > 1e-15 * (1 + s)) || Math.abs(f) <= 1e-14 * target) {
        s = next;
        break;
      }
      s = next;
    }
    return { u: (I - w0 * Math.exp(-s)) / p.c, s };
  }
  // weir: g(s) = units - target, g' = 3 x / N(x) > 0, convex: Newton's steps from an upper bound
  // (the logarithm and arctangent terms are at least -0.907 rising, ln(3 / N(x0)) / 2 falling)
  const r = Math.cbrt(I / p.c);
  const x0 = u0 / r;
  const gap = Math.abs(1 - x0);
  const side = x0 < 1 ? 1 : -1;
  const target = (T * 3 * p.beta * p.c * r) / 2;
  let s = target + (SQRT3 * Math.PI) / 6 + Math.max(0, 0.5 * Math.log(N(x0) / 3));
  const xOf = (s: number) => 1 - side * gap * Math.exp(-s);
  for (let i = 0; i < 100; i += 1) {
    const x = xOf(s);
    const step = (weirUnits(x0, x, s) - target) / ((3 * x) / N(x));
    if (!(step > 1e-15 * (1 + s))) break;
    s -= step;
  }
  return { u: r * xOf(s), s };
}

/**
 * The storage (m3) of reservoir `res` after `seconds` of a constant `inflow` (m3/s) from `v` m3: piece by
 * piece (the time to each piece's end in closed form), then the level within the last piece.
 */
export function advance(res: Reservoir, v: number, inflow: number, seconds: number): number {
  let i = pieceAt(res, v);
  let t = seconds;
  let at = v;
  for (;;) {
    const p = res.pieces[i]!;
    const u = uOf(p, at);
    const q = flowAt(p, u);
    if (q === inflow || t <= 0) return at;
    const rising = inflow > q;
    const edge = rising ? p.v1 : p.v0;
    const uEdge = Number.isFinite(edge) ? uOf(p, edge) : Number.POSITIVE_INFINITY;
    const level = inflow > 0 ? levelOf(p, inflow) : 0;
    const reachable = rising ? level > uEdge : level < uEdge;
    const tEdge = reachable ? travel(p, u, uEdge, inflow) : Number.POSITIVE_INFINITY;
    if (tEdge >= t) {
      const end = within(p, u, inflow, t).u;
      return Math.min(Math.max((end * end - p.alpha) / p.beta, p.v0), p.v1);
    }
    t -= tEdge;
    at = edge;
    if (rising) i += 1;
    else if (i === 0) return 0;
    else i -= 1;
  }
}

/** Seconds for reservoir `res` to fall from `v` m3 to `to` m3 without inflow. */
export function emptyingSeconds(res: Reservoir, v: number, to = 0): number {
  let seconds = 0;
  for (let i = pieceAt(res, v); i >= 0 && v > to; i -= 1) {
    const p = res.pieces[i]!;
    const end = Math.max(p.v0, to);
    seconds += travel(p, uOf(p, v), uOf(p, end), 0);
    v = end;
  }
  return seconds;
}

/** The time's sensitivity to the inflow, dt/dI at fixed ends, of a piece crossed whole from u0 to u1. */
function travelPerInflow(p: Piece, u0: number, u1: number, I: number): number {
  if (!p.weir) {
    const w0 = I - p.c * u0;
    const w1 = I - p.c * u1;
    return (2 / (p.beta * p.c * p.c)) * (Math.log(w0 / w1) + I * (1 / w0 - 1 / w1));
  }
  const r = Math.cbrt(I / p.c);
  const x0 = u0 / r;
  const x1 = u1 / r;
  const phi = weirUnits(x0, x1, Math.log(Math.abs(1 - x0) / Math.abs(1 - x1))) / 3;
  const xPhi = (x: number) => (x * x) / (1 - x * x * x);
  return (-2 / (3 * p.beta * p.c * r * I)) * (phi + xPhi(x1) - xPhi(x0));
}

/** A reservoir under one block rain from empty: storage (m3) and outflow (m3/s) at its end. */
export interface BlockEnd {
  volume: number;
  outflow: number;
  /** their derivatives in ln(duration), the inflow being c d^-b (a Montana block rain) */
  dVolume: number;
  dOutflow: number;
}

/**
 * Reservoir `res` under a block rain of `inflow` m3/s for `seconds`, from empty, and the derivatives of
 * its end state in ln(duration) when the inflow goes as duration^-b: implicitly, the time to the end
 * level being the rain's duration, T du/dT = beta w1 / (2 u1) (T + b I dt/dI) with w1 = I - Q(u1), the
 * last piece's singular term of dt/dI multiplied out by w1 so that the level at equilibrium stays finite.
 */
export function blockRain(res: Reservoir, inflow: number, seconds: number, b: number): BlockEnd {
  const first = res.pieces[0]!;
  if (inflow <= flowAt(first, uOf(first, 0)) || seconds <= 0)
    return { volume: 0, outflow: inflow, dVolume: 0, dOutflow: -b * inflow };
  const I = inflow;
  let perInflow = 0; // dt/dI of the pieces crossed whole
  let t = seconds;
  let i = 0;
  let v = 0;
  for (;;) {
    const p = res.pieces[i]!;
    const u0 = uOf(p, v);
    if (Number.isFinite(p.v1)) {
      const uEdge = uOf(p, p.v1);
      if (levelOf(p, I) > uEdge) {
        const tEdge = travel(p, u0, uEdge, I);
        if (tEdge < t) {
          perInflow += travelPerInflow(p, u0, uEdge, I);
          t -= tEdge;
          v = p.v1;
          i += 1;
          continue;
        }
      }
    }
    const { u, s } = within(p, u0, I, t);
    const q = flowAt(p, u);
    const w1 = I - q;
    // w1 times the last piece's dt/dI
    let last: number;
    if (!p.weir) {
      const w0 = I - p.c * u0;
      last = (2 / (p.beta * p.c * p.c)) * (w1 * (s + I / w0) - I);
    } else {
      const r = Math.cbrt(I / p.c);
      const x0 = u0 / r;
      const x1 = u / r;
      const phi = weirUnits(x0, x1, s) / 3;
      last =
        (-2 / (3 * p.beta * p.c * r)) * ((1 - x1 * x1 * x1) * (phi - (x0 * x0) / (1 - x0 ** 3)) + x1 * x1);
    }
    const du = (((seconds + b * I * perInflow) * w1 + b * I * last) * p.beta) / (2 * u);
    const volume = Math.max(0, (u * u - p.alpha) / p.beta);
    return {
      volume,
      outflow: q,
      dVolume: volume > 0 ? (2 * u * du) / p.beta : 0,
      dOutflow: p.weir ? 3 * p.c * u * u * du : p.c * du,
    };
  }
}

/** The volume (m3) a reservoir holds when the head stands at `head` m (0 below the recess). */
export function volumeAtHead(res: Reservoir, head: number): number {
  for (const p of res.pieces) {
    const v = (head - p.alpha) / p.beta;
    if (v < p.v1) return Math.max(v, p.v0, 0);
  }
  return 0;
}
