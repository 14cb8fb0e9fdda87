/**
 * The limiter's hydraulics: a bottom orifice, as EPA SWMM 5.2.4 models one (src/solver/link.c,
 * orifice_getWeirCoeff, orifice_getInflow, orifice_getFlow). Above its critical head hc the orifice runs
 * full, Q = Cd (pi d^2 / 4) sqrt(2 g H); below it the opening does not run full and behaves as a weir on
 * its rim: Q = Qc (H / hc)^1.5, Qc the orifice flow at hc, so that the two laws meet at hc. SWMM takes hc
 * = (Cd / Cw) (A / P), A / P = d / 4 for a circle and Cw = 0.414 the coefficient of a sharp-crested weir
 * divided by sqrt(2 g): hc = 0.368 d at Cd = 0.61 (a 91 mm orifice runs as a weir under 33.5 mm of head).
 * Heads in m, diameters in m, flows in m3/s; a head of 0 or less lets nothing through.
 */

/** SWMM's weir coefficient over sqrt(2 g) for a sharp-crested weir (link.c: "Cw = 0.414"). */
export const WEIR_COEFFICIENT = 0.414;

/** The orifice law alone: Q = Cd * (pi d^2 / 4) * sqrt(2 g H). */
export function orificeFlow(d: number, head: number, cd: number, g: number): number {
  if (head <= 0 || d <= 0) return 0;
  return cd * ((Math.PI * d * d) / 4) * Math.sqrt(2 * g * head);
}

/** The head (m) below which a bottom orifice of diameter `d` m runs as a weir: (Cd / 0.414) (d / 4). */
export function criticalHead(d: number, cd: number): number {
  return ((cd / WEIR_COEFFICIENT) * d) / 4;
}

/** The limiter's flow (m3/s) under `head` m: the orifice law above the critical head, the weir law below. */
export function limiterFlow(d: number, head: number, cd: number, g: number): number {
  const hc = criticalHead(d, cd);
  if (head >= hc) return orificeFlow(d, head, cd, g);
  return orificeFlow(d, hc, cd, g) * (Math.max(head, 0) / hc) ** 1.5;
}

/** The diameter (m) that lets exactly `q` m3/s through under `head` m: the orifice law solved for d. */
export function orificeDiameter(q: number, head: number, cd: number, g: number): number {
  return Math.sqrt((4 * q) / (cd * Math.PI * Math.sqrt(2 * g * head)));
}
