/**
 * The daily water balance as it was written before it was made faster (server/calc/abattement/balance.ts
 * until 2026-11-24): every day of the series, every surface, the water of every origin kept explicitly.
 * Kept only as the oracle of tests/calc/balanceDifferential.test.ts, which holds the fast version to it
 * on random networks.
 */
import type { BalanceResult, Surface, SurfaceTotals } from '../../server/calc/abattement/balance';
import type { Series } from '../../server/calc/abattement/weather';

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
): BalanceResult {
  const n = surfaces.length;
  const roofIndex = surfaces.map((s, i) => (s.roof ? surfaces.slice(0, i).filter((x) => x.roof).length : -1));
  const roofs = surfaces.filter((s) => s.roof).length;
  const origins = roofs + 1; // the roofs, then 'rain that fell on a ground'
  const roofAreas = surfaces.filter((s) => s.roof).map((s) => s.area);
  const originOf = (i: number): number => (surfaces[i]!.roof ? roofIndex[i]! : roofs);
  // Which origins can reach each surface: itself and everything upstream.
  const upstream: number[][] = surfaces.map((_, i) => [originOf(i)]);
  for (const i of order) {
    const j = surfaces[i]!.to;
    if (j >= 0) for (const o of upstream[i]!) if (!upstream[j]!.includes(o)) upstream[j]!.push(o);
  }
  // From here surfaces are numbered by their place in the upstream-to-downstream order (pos[i] for
  // surface i), so the day's loop walks them in memory order. Flat typed arrays: the water by origin of
  // the surface at place k at [k * origins, (k + 1) * origins); row n of `inbox` is the sewer's day. The
  // origins reaching it are upsList[upsStart[k] .. upsStart[k + 1]).
  const pos = new Int32Array(n);
  order.forEach((i, k) => (pos[i] = k));
  const sorted = order.map((i) => surfaces[i]!);
  const comp = new Float64Array(n * origins);
  const inbox = new Float64Array((n + 1) * origins);
  const upsStart = new Int32Array(n + 1);
  for (let k = 0; k < n; k += 1) upsStart[k + 1] = upsStart[k]! + upstream[order[k]!]!.length;
  const upsList = Int32Array.from(order.flatMap((i) => upstream[i]!));
  const own = Int32Array.from(order.map((i) => originOf(i)));
  const area = Float64Array.from(sorted.map((s) => s.area));
  const capacity = Float64Array.from(sorted.map((s) => s.capacity * s.area));
  const etRate = Float64Array.from(
    sorted.map((s) => (s.capacity > 0 ? (s.kc * s.area) / (s.capacity * s.area) : 0)),
  );
  const infilCap = Float64Array.from(sorted.map((s) => s.infiltration * s.area));
  const toRow = Int32Array.from(sorted.map((s) => (s.to >= 0 ? pos[s.to]! : n) * origins));
  const to = Int32Array.from(sorted.map((s) => (s.to >= 0 ? pos[s.to]! : -1)));
  const tInflow = new Float64Array(n);
  const tOut = new Float64Array(n);
  const tSewer = new Float64Array(n);
  const tEt = new Float64Array(n);
  const tInfil = new Float64Array(n);
  // Per roof and month, flat at [r * 12 + m].
  const mRain = new Float64Array(roofs * 12);
  const mOwnOut = new Float64Array(roofs * 12);
  const mSewer = new Float64Array(roofs * 12);
  const mRainy = new Float64Array(roofs * 12);
  const mRespected = new Float64Array(roofs * 12);
  const sewerRow = n * origins;
  // Each store is well mixed, so a day's ET scales every origin alike: the stored amounts are kept
  // unscaled and scale[i] carries the product of the days' factors (true = stored x scale), so a day
  // touches a surface's origins only when water arrives from upstream or leaves it. total[i] is the
  // store's true content.
  const scale = new Float64Array(n).fill(1);
  const total = new Float64Array(n);
  const pending = new Uint8Array(n);
  const monthInput = new Float64Array(12);
  const monthRainy = new Float64Array(12);
  let spilled = false;
  let sumPrecip = 0;
  const ownOutToday = new Float64Array(origins);
  const areas = Float64Array.from(roofAreas);
  const { precip, temp, month, snow: snowSeries } = series;
  const hasTarget = target !== null;
  const targetDepth = target ?? 0;
  let pack = 0;
  const days = precip.length;
  for (let d = 0; d < days; d += 1) {
    const p = precip[d]!;
    const t = temp[d]!;
    const m = month[d]!;
    const snow = snowSeries[d]!;
    pack += snow;
    const melt = t > 0 ? Math.min(pack, meltRate * t) : 0;
    pack -= melt;
    const input = p - snow + melt;
    if (spilled) {
      inbox.fill(0, sewerRow, sewerRow + origins);
      ownOutToday.fill(0);
      spilled = false;
    }
    const pet = petDaily[m]!;
    for (let i = 0; i < n; i += 1) {
      const row = i * origins;
      const oi = own[i]!;
      const ai = area[i]!;
      let sc = scale[i]!;
      const rain = input * ai;
      if (rain !== 0) comp[row + oi]! += rain / sc;
      let w = total[i]! + rain;
      let inflow = 0;
      if (pending[i] === 1) {
        pending[i] = 0;
        for (let x = upsStart[i]!, end = upsStart[i + 1]!; x < end; x += 1) {
          const o = upsList[x]!;
          const b = inbox[row + o]!;
          if (b !== 0) {
            inflow += b;
            comp[row + o]! += b / sc;
            inbox[row + o] = 0;
          }
        }
        w += inflow;
        tInflow[i]! += inflow;
      }
      total[i] = w;
      if (w <= 0) continue;
      const cap = capacity[i]!;
      const icap = infilCap[i]!;
      if (icap === 0 && w <= cap) {
        // The common day: nothing infiltrates or overflows, only ET takes its share.
        const et = Math.min(w, pet * etRate[i]! * w);
        const rest = w - et;
        total[i] = rest;
        tEt[i]! += et;
        if (rest > 0) {
          sc *= rest / w;
          if (sc < 1e-150) {
            for (let x = upsStart[i]!, end = upsStart[i + 1]!; x < end; x += 1)
              comp[row + upsList[x]!]! *= sc;
            sc = 1;
          }
        } else {
          for (let x = upsStart[i]!, end = upsStart[i + 1]!; x < end; x += 1) comp[row + upsList[x]!] = 0;
          sc = 1;
        }
        scale[i] = sc;
        continue;
      }
      const infil = Math.min(w, icap);
      const out = Math.max(0, w - infil - cap);
      const left = w - infil - out;
      const et = Math.min(left, pet * etRate[i]! * left);
      const keep = (left - et) / w;
      const dest = toRow[i]!;
      if (out > 0) {
        spilled = true;
        tOut[i]! += out;
        if (dest === sewerRow) tSewer[i]! += out;
        // Every origin leaves in proportion: its true amount (stored x scale) times out / w.
        const f = (sc * out) / w;
        ownOutToday[oi]! += comp[row + oi]! * f;
        for (let x = upsStart[i]!, end = upsStart[i + 1]!; x < end; x += 1) {
          const o = upsList[x]!;
          inbox[dest + o]! += comp[row + o]! * f;
        }
        if (dest !== sewerRow) pending[to[i]!] = 1;
      }
      total[i] = left - et;
      if (keep > 0) {
        sc *= keep;
        if (sc < 1e-150) {
          for (let x = upsStart[i]!, end = upsStart[i + 1]!; x < end; x += 1) comp[row + upsList[x]!]! *= sc;
          sc = 1;
        }
      } else {
        for (let x = upsStart[i]!, end = upsStart[i + 1]!; x < end; x += 1) comp[row + upsList[x]!] = 0;
        sc = 1;
      }
      scale[i] = sc;
      tEt[i]! += et;
      tInfil[i]! += infil;
    }
    const rainy = input >= wetDay;
    monthInput[m]! += input;
    sumPrecip += p;
    if (rainy) monthRainy[m]! += 1;
    if (!spilled && !rainy) continue;
    const over = hasTarget ? Math.max(0, input - targetDepth) : 0;
    for (let r = 0; r < roofs; r += 1) {
      const a = areas[r]!;
      const sewer = inbox[sewerRow + r]!;
      const at = r * 12 + m;
      mOwnOut[at]! += ownOutToday[r]!;
      mSewer[at]! += sewer;
      if (rainy && sewer <= over * a + 1e-9 * a) mRespected[at]! += 1;
    }
  }
  // The water reaching a roof and its rainy days follow from the site's: the same depth on every roof.
  for (let r = 0; r < roofs; r += 1)
    for (let m = 0; m < 12; m += 1) {
      mRain[r * 12 + m] = monthInput[m]! * areas[r]!;
      mRainy[r * 12 + m] = monthRainy[m]!;
    }
  const perRoof = (flat: Float64Array) =>
    Array.from({ length: roofs }, (_, r) => flat.subarray(r * 12, r * 12 + 12));
  const roofMonthRain = perRoof(mRain);
  const roofMonthOwnOut = perRoof(mOwnOut);
  const roofMonthSewer = perRoof(mSewer);
  const roofMonthRainyDays = perRoof(mRainy);
  const roofMonthRespected = perRoof(mRespected);
  const sumRow = (xs: Float64Array, i: number) =>
    xs.subarray(i * origins, (i + 1) * origins).reduce((a, x) => a + x, 0);
  const totals: SurfaceTotals[] = surfaces.map((s, j) => {
    const i = pos[j]!;
    return {
      precipitation: sumPrecip * s.area,
      inflow: tInflow[i]!,
      outflow: tOut[i]!,
      toSewer: tSewer[i]!,
      et: tEt[i]!,
      infiltration: tInfil[i]!,
      storageEnd: sumRow(comp, i) * scale[i]! + sumRow(inbox, i),
      snowEnd: pack * s.area,
    };
  });
  return { roofMonthRain, roofMonthOwnOut, roofMonthSewer, roofMonthRainyDays, roofMonthRespected, totals };
}
