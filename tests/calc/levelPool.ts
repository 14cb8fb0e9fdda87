/**
 * An independent level-pool integration for the flow-limiter tests (issues 25, 36): each roof a reservoir
 * whose head comes from waterHeight (the layer's porosity, then free water) plus the recess, drained by
 * its orifices as EPA SWMM 5.2.4 drains a bottom orifice (the orifice law above the critical head
 * hc = (Cd / 0.414) d / 4, the weir law Qc (H / hc)^1.5 below it; link.c, written again here from SWMM's
 * source); rains integrated on the clock with classical Runge-Kutta: block rains (400 steps a rain, over
 * a dense grid of 121 durations from 15 min to 72 h) and stepped storms (a number of steps a block).
 * It shares no code with server/calc/flow-limiter/routing.ts or reservoir.ts (which solve the same model
 * in closed form).
 */
import { waterHeight } from '../../server/calc/flow-limiter/flowLimiter';

export interface PoolRoof {
  surface: number;
  drains: number;
  recess: number;
  layer: [thickness: number, porosity: number];
}

/** SWMM's bottom orifice of diameter d (m) under `head` m, for `n` drains (m3/s). */
function swmmOrifices(n: number, d: number, head: number, cd: number, g: number): number {
  const full = (h: number) => n * cd * ((Math.PI * d * d) / 4) * Math.sqrt(2 * g * h);
  const hc = ((cd / 0.414) * d) / 4;
  if (head <= 0) return 0;
  return head >= hc ? full(head) : full(hc) * (head / hc) ** 1.5;
}

/** A roof's outflow (m3/s) holding `v` m3 under `inflow` (at v = 0 the level holds while the orifices pass the rain). */
export function poolOutflow(r: PoolRoof, d: number, v: number, inflow: number, cd = 0.61, g = 9.81): number {
  if (v <= 0) return Math.min(inflow, swmmOrifices(r.drains, d, r.recess / 1000, cd, g));
  return swmmOrifices(
    r.drains,
    d,
    (waterHeight((v / r.surface) * 1000, ...r.layer) + r.recess) / 1000,
    cd,
    g,
  );
}

/** Storage (m3) after `seconds` of a constant `inflow` (m3/s) from `v0` m3, Runge-Kutta 4 in `steps` steps. */
export function poolStep(
  r: PoolRoof,
  d: number,
  v0: number,
  inflow: number,
  seconds: number,
  steps: number,
): number {
  const dt = seconds / steps;
  const f = (v: number) => inflow - poolOutflow(r, d, Math.max(v, 0), inflow);
  let v = v0;
  for (let i = 0; i < steps; i += 1) {
    const k1 = f(v);
    const k2 = f(v + (dt / 2) * k1);
    const k3 = f(v + (dt / 2) * k2);
    const k4 = f(v + dt * k3);
    v = Math.max(0, v + (dt / 6) * (k1 + 2 * k2 + 2 * k3 + k4));
  }
  return v;
}

/** Storage (m3) of a roof at the end of a block rain of `minutes` (inflow m3/s), Runge-Kutta 4 on the clock. */
export function poolStorage(r: PoolRoof, d: number, inflow: number, minutes: number, steps = 400): number {
  return poolStep(r, d, 0, inflow, minutes * 60, steps);
}

/** The site's peak outflow (m3/s) and each roof's peak storage (m3) over the block rains of 15 min to 72 h. */
export function poolRouting(
  roofs: PoolRoof[],
  d: number,
  rain: { a: number; b: number },
): { outflow: number; volumes: number[] } {
  let site = 0;
  const volumes = roofs.map(() => 0);
  for (let j = 0; j <= 120; j += 1) {
    const minutes = 15 * 288 ** (j / 120);
    const depth = rain.a * minutes ** (1 - rain.b);
    let sum = 0;
    roofs.forEach((r, i) => {
      const inflow = (depth / 1000) * (r.surface / (minutes * 60));
      const v = poolStorage(r, d, inflow, minutes);
      volumes[i] = Math.max(volumes[i]!, v);
      sum += poolOutflow(r, d, v, inflow);
    });
    site = Math.max(site, sum);
  }
  return { outflow: site, volumes };
}

/**
 * A stepped storm (blocks of `seconds`, each of rain `intensity` m/s on the roofs) through the roofs:
 * each roof's peak storage and the site's peak outflow, sampled `steps` times a block.
 */
export function poolStorm(
  roofs: PoolRoof[],
  d: number,
  blocks: { seconds: number; intensity: number }[],
  steps = 40,
): { outflow: number; volumes: number[] } {
  const v = roofs.map(() => 0);
  const volumes = roofs.map(() => 0);
  let site = 0;
  for (const b of blocks)
    for (let s = 0; s < steps; s += 1) {
      let sum = 0;
      roofs.forEach((r, i) => {
        const inflow = b.intensity * r.surface;
        v[i] = poolStep(r, d, v[i]!, inflow, b.seconds / steps, 4);
        volumes[i] = Math.max(volumes[i]!, v[i]!);
        sum += poolOutflow(r, d, v[i]!, inflow);
      });
      site = Math.max(site, sum);
    }
  return { outflow: site, volumes };
}
