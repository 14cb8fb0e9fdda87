/**
 * The méthode des pluies (ASTEE Mémento technique 2017, pp. 53-54) with the Montana law
 * H(d) = a * d^(1-b) (mm, d in minutes): the volume to store over a rain of duration d is
 * V(d) = 10 a Ca A_ha d^(1-b) - 0.06 Qf d (m3, Qf the allowed leakage in L/s); it is largest at
 * Tm = [0.06 Qf / (10 a Ca A_ha (1-b))]^(-1/b), where Vm = 0.06 Qf Tm b / (1-b).
 */
export function rainMethod(p: { a: number; b: number; ca: number; areaHa: number; leakageLs: number }): {
  volume: number;
  criticalMinutes: number;
} {
  const { a, b, ca, areaHa, leakageLs } = p;
  if (areaHa <= 0) return { volume: 0, criticalMinutes: 0 };
  const tm = ((0.06 * leakageLs) / (10 * a * ca * areaHa * (1 - b))) ** (-1 / b);
  return { volume: (0.06 * leakageLs * tm * b) / (1 - b), criticalMinutes: tm };
}

/** V(d) of the méthode des pluies for one duration d (minutes). */
export function storedVolume(
  p: { a: number; b: number; ca: number; areaHa: number; leakageLs: number },
  d: number,
): number {
  return 10 * p.a * p.ca * p.areaHa * d ** (1 - p.b) - 0.06 * p.leakageLs * d;
}
