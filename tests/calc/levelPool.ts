/**
 * An independent level-pool integration for the flow-limiter tests (issue 25): each roof a reservoir
 * whose head comes from waterHeight (the layer's porosity, then free water) plus the recess, drained by
 * its orifices under the orifice law; block rains of the Montana law integrated on the clock with
 * classical Runge-Kutta (400 steps a rain), over a dense grid of durations (97 from 15 min to 24 h).
 * It shares no code with server/calc/flow-limiter/routing.ts (which solves the same model in closed form).
 */
import { waterHeight } from '../../server/calc/flow-limiter/flowLimiter';

export interface PoolRoof {
  surface: number;
  drains: number;
  recess: number;
  layer: [thickness: number, porosity: number];
}

const outflow = (r: PoolRoof, d: number, v: number, inflow: number, cd = 0.61, g = 9.81) => {
  const orifice = (head: number) => r.drains * cd * ((Math.PI * d * d) / 4) * Math.sqrt(2 * g * head);
  if (v <= 0) return Math.min(inflow, orifice(r.recess / 1000));
  return orifice((waterHeight((v / r.surface) * 1000, ...r.layer) + r.recess) / 1000);
};

/** Storage (m3) of a roof at the end of a block rain of `minutes` (inflow m3/s), Runge-Kutta 4 on the clock. */
export function poolStorage(r: PoolRoof, d: number, inflow: number, minutes: number, steps = 400): number {
  const dt = (minutes * 60) / steps;
  const f = (v: number) => inflow - outflow(r, d, Math.max(v, 0), inflow);
  let v = 0;
  for (let i = 0; i < steps; i += 1) {
    const k1 = f(v);
    const k2 = f(v + (dt / 2) * k1);
    const k3 = f(v + (dt / 2) * k2);
    const k4 = f(v + dt * k3);
    v = Math.max(0, v + (dt / 6) * (k1 + 2 * k2 + 2 * k3 + k4));
  }
  return v;
}

/** The site's peak outflow (m3/s) and each roof's peak storage (m3) over the block rains of 15 min to 24 h. */
export function poolRouting(
  roofs: PoolRoof[],
  d: number,
  rain: { a: number; b: number },
): { outflow: number; volumes: number[] } {
  let site = 0;
  const volumes = roofs.map(() => 0);
  for (let j = 0; j <= 96; j += 1) {
    const minutes = 15 * 96 ** (j / 96);
    const depth = rain.a * minutes ** (1 - rain.b);
    let sum = 0;
    roofs.forEach((r, i) => {
      const inflow = (depth / 1000) * (r.surface / (minutes * 60));
      const v = poolStorage(r, d, inflow, minutes);
      volumes[i] = Math.max(volumes[i]!, v);
      sum += outflow(r, d, v, inflow);
    });
    site = Math.max(site, sum);
  }
  return { outflow: site, volumes };
}
