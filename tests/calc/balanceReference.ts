/**
 * The daily water balance written plainly, as the oracle of tests/calc/balanceDifferential.test.ts: every
 * day of the series, every surface, no dry spell skipped, nothing cached. Each surface is simulated twice,
 * as it is (its rain and what it receives) and alone (its own rain only); the pool of water received from
 * upstream is their difference. What reaches the sewer is traced two independent ways:
 * - `referenceBalance`: backward over every day, the share of a pool's water that eventually reaches the
 *   sewer, as the method defines it (server/calc/abattement/balance.ts);
 * - `forwardTracing`: forward, every pool carrying the water of every origin (the method before 3.0 did
 *   so in every store), which must give the same totals per roof over the series.
 */
import type { BalanceResult, Surface, SurfaceTotals } from '../../server/calc/abattement/balance';
import type { Series } from '../../server/calc/abattement/weather';

/** One day of a bucket: what infiltrates, overflows, evaporates and stays, from the water it holds. */
function bucket(w: number, cap: number, icap: number, etFraction: number) {
  if (!(w > 0)) return { infil: 0, out: 0, et: 0, rest: w };
  const infil = Math.min(w, icap);
  const out = Math.max(0, w - infil - cap);
  const left = w - infil - out;
  const et = Math.min(left, etFraction * left);
  return { infil, out, et, rest: left - et };
}

/** Every day of the network, both ways (as it is, and each surface alone). */
function simulateDays(
  surfaces: Surface[],
  order: number[],
  series: Series,
  petDaily: number[],
  meltRate: number,
) {
  const n = surfaces.length;
  const days = series.precip.length;
  const input = new Float64Array(days);
  let pack = 0;
  let sumPrecip = 0;
  for (let d = 0; d < days; d += 1) {
    pack += series.snow[d]!;
    const melt = series.temp[d]! > 0 ? Math.min(pack, meltRate * series.temp[d]!) : 0;
    pack -= melt;
    input[d] = series.precip[d]! - series.snow[d]! + melt;
    sumPrecip += series.precip[d]!;
  }
  const T = new Float64Array(n);
  const A = new Float64Array(n);
  // per day and surface (at d * n + i): the pool after the day's inputs, what it sent on, what it kept
  const wU = new Float64Array(days * n);
  const outU = new Float64Array(days * n);
  const restU = new Float64Array(days * n);
  const outA = new Float64Array(days * n);
  const freeAtStart = new Float64Array(days);
  const sewerOfDay = new Float64Array(days);
  const totals: SurfaceTotals[] = surfaces.map((s) => ({
    precipitation: sumPrecip * s.area,
    inflow: 0,
    outflow: 0,
    toSewer: 0,
    et: 0,
    infiltration: 0,
    storageEnd: 0,
    snowEnd: pack * s.area,
    upstreamRetained: 0,
    upstreamPassed: 0,
  }));
  for (let d = 0; d < days; d += 1) {
    const pet = petDaily[series.month[d]!]!;
    const inflowT = new Float64Array(n);
    const inflowFromOthers = new Float64Array(n);
    for (let i = 0; i < n; i += 1) freeAtStart[d]! += surfaces[i]!.capacity * surfaces[i]!.area - T[i]!;
    for (const i of order) {
      const s = surfaces[i]!;
      const cap = s.capacity * s.area;
      const icap = s.infiltration * s.area;
      const etFraction = s.capacity > 0 ? pet * (s.kc / s.capacity) : 0;
      const rain = input[d]! * s.area;
      const tBefore = T[i]!;
      const aBefore = A[i]!;
      const t = bucket(tBefore + rain + inflowT[i]!, cap, icap, etFraction);
      const a = bucket(aBefore + rain, cap, icap, etFraction);
      T[i] = t.rest;
      A[i] = a.rest;
      const at = d * n + i;
      wU[at] = tBefore - aBefore + inflowFromOthers[i]!;
      outA[at] = a.out;
      outU[at] = t.out - a.out;
      restU[at] = t.rest - a.rest;
      const tot = totals[i]!;
      tot.inflow += inflowFromOthers[i]!;
      tot.outflow += t.out;
      tot.et += t.et;
      tot.infiltration += t.infil;
      tot.upstreamRetained += t.et + t.infil - a.et - a.infil;
      tot.upstreamPassed += t.out - a.out;
      if (s.to >= 0) {
        inflowT[s.to]! += t.out;
        inflowFromOthers[s.to]! += t.out;
      } else {
        tot.toSewer += t.out;
        sewerOfDay[d]! += t.out;
      }
    }
  }
  surfaces.forEach((_, i) => (totals[i]!.storageEnd = T[i]!));
  return { input, wU, outU, restU, outA, freeAtStart, sewerOfDay, totals, days };
}

/**
 * Runs the balance over the series. `petDaily[m]` is the PET of a day of month m (mm); `target` the
 * rainfall depth to retain (mm) or null; `meltRate` mm per °C-day; `wetDay` the rainy-day threshold.
 */
export function referenceBalance(
  surfaces: Surface[],
  order: number[],
  series: Series,
  petDaily: number[],
  target: number | null,
  meltRate: number,
  wetDay: number,
  stricter: number | null = target,
): BalanceResult {
  const n = surfaces.length;
  const sim = simulateDays(surfaces, order, series, petDaily, meltRate);
  const { input, wU, outU, restU, outA, days } = sim;
  // Backward: lambda[d * n + i], the share of pool i's water after day d's inputs reaching the sewer.
  const lambda = new Float64Array(days * n);
  const reverse = [...order].reverse();
  for (let d = days - 1; d >= 0; d -= 1)
    for (const i of reverse) {
      const at = d * n + i;
      if (!(wU[at]! > 1e-12 * Math.max(1, surfaces[i]!.area))) continue;
      const j = surfaces[i]!.to;
      const onward = j < 0 ? 1 : lambda[at - i + j]!;
      const later = d + 1 < days ? lambda[(d + 1) * n + i]! : 0;
      lambda[at] = (Math.max(0, outU[at]!) * onward + Math.max(0, restU[at]!) * later) / wU[at]!;
    }
  const roofs = surfaces.map((s, i) => i).filter((i) => surfaces[i]!.roof);
  const month = (flat: (r: number, m: number) => number) =>
    roofs.map((_, r) => Float64Array.from({ length: 12 }, (__, m) => flat(r, m)));
  const rain = new Float64Array(roofs.length * 12);
  const ownOut = new Float64Array(roofs.length * 12);
  const sewer = new Float64Array(roofs.length * 12);
  const rainy = new Float64Array(12);
  const missed = new Float64Array(roofs.length * 12);
  const siteMissed = new Float64Array(12);
  const siteMissedStricter = new Float64Array(12);
  const siteArea = surfaces.reduce((x, s) => x + s.area, 0);
  const rainyDayMonth: number[] = [];
  const free: number[] = [];
  for (let d = 0; d < days; d += 1) {
    const m = series.month[d]!;
    const isRainy = input[d]! >= wetDay;
    const over = target === null ? 0 : Math.max(0, input[d]! - target);
    if (isRainy) {
      rainy[m]! += 1;
      rainyDayMonth.push(m);
      free.push(sim.freeAtStart[d]!);
      if (sim.sewerOfDay[d]! > over * siteArea + 1e-9 * siteArea) siteMissed[m]! += 1;
      const overStricter = stricter === null ? 0 : Math.max(0, input[d]! - stricter);
      if (sim.sewerOfDay[d]! > overStricter * siteArea + 1e-9 * siteArea) siteMissedStricter[m]! += 1;
    }
    roofs.forEach((i, r) => {
      const s = surfaces[i]!;
      const out = outA[d * n + i]!;
      const reaching = s.to < 0 ? out : out * lambda[d * n + s.to]!;
      rain[r * 12 + m]! += input[d]! * s.area;
      ownOut[r * 12 + m]! += out;
      sewer[r * 12 + m]! += reaching;
      if (isRainy && reaching > over * s.area + 1e-9 * s.area) missed[r * 12 + m]! += 1;
    });
  }
  return {
    roofMonthRain: month((r, m) => rain[r * 12 + m]!),
    roofMonthOwnOut: month((r, m) => ownOut[r * 12 + m]!),
    roofMonthSewer: month((r, m) => sewer[r * 12 + m]!),
    roofMonthRainyDays: month((_, m) => rainy[m]!),
    roofMonthRespected: month((r, m) => rainy[m]! - missed[r * 12 + m]!),
    siteMonthRespected: Float64Array.from(rainy, (x, m) => x - siteMissed[m]!),
    siteMonthRespectedStricter: Float64Array.from(rainy, (x, m) => x - siteMissedStricter[m]!),
    rainyDayMonth: Uint8Array.from(rainyDayMonth),
    freeAtRainStart: Float64Array.from(free),
    totals: sim.totals,
  };
}

/**
 * Forward tracing: every pool carries its water by origin (each roof, and the rain of the grounds), well
 * mixed; what each roof's water brings to the sewer over the whole series (L), roof by roof.
 */
export function forwardTracing(
  surfaces: Surface[],
  order: number[],
  series: Series,
  petDaily: number[],
  meltRate: number,
): number[] {
  const n = surfaces.length;
  const sim = simulateDays(surfaces, order, series, petDaily, meltRate);
  const roofIndex = surfaces.map((s, i) => (s.roof ? surfaces.slice(0, i).filter((x) => x.roof).length : -1));
  const origins = surfaces.filter((s) => s.roof).length + 1;
  const originOf = (i: number) => (surfaces[i]!.roof ? roofIndex[i]! : origins - 1);
  const comp = surfaces.map(() => new Float64Array(origins));
  const atSewer = new Float64Array(origins);
  for (let d = 0; d < sim.days; d += 1) {
    const incoming = surfaces.map(() => new Float64Array(origins));
    for (const i of order) {
      const at = d * n + i;
      const c = comp[i]!;
      for (let o = 0; o < origins; o += 1) c[o]! += incoming[i]![o]!;
      const w = sim.wU[at]!;
      const out = Math.max(0, sim.outU[at]!);
      const rest = Math.max(0, sim.restU[at]!);
      const j = surfaces[i]!.to;
      const into = j < 0 ? atSewer : incoming[j]!;
      into[originOf(i)]! += sim.outA[at]!;
      if (w > 1e-12 * Math.max(1, surfaces[i]!.area))
        for (let o = 0; o < origins; o += 1) {
          into[o]! += (c[o]! * out) / w;
          c[o] = (c[o]! * rest) / w;
        }
      else c.fill(0);
    }
  }
  return Array.from(atSewer.subarray(0, origins - 1));
}
