/**
 * The orifice law: Q = Cd * (pi d^2 / 4) * sqrt(2 g H), Q in m3/s, d in m, H (head above the orifice) in m.
 * A head of 0 or less lets nothing through.
 */
export function orificeFlow(d: number, head: number, cd: number, g: number): number {
  if (head <= 0 || d <= 0) return 0;
  return cd * ((Math.PI * d * d) / 4) * Math.sqrt(2 * g * head);
}

/** The diameter (m) that lets exactly `q` m3/s through under `head` m: the orifice law solved for d. */
export function orificeDiameter(q: number, head: number, cd: number, g: number): number {
  return Math.sqrt((4 * q) / (cd * Math.PI * Math.sqrt(2 * g * head)));
}
