/**
 * The daily water balance of every surface (CALCULATIONS.md B.4-B.5), in litres (mm x m2).
 *
 * Each day, for every surface in upstream-to-downstream order: store += precipitation reaching it (rain
 * and snowmelt) + what upstream surfaces spill onto it; a ground infiltrates up to its daily capacity;
 * outflow = store above capacity; actual ET = PET x Kc x store / capacity, never more than the store.
 * Water is traced by origin: each store is well mixed, so its outflow, ET and infiltration take every
 * origin in proportion; what finally leaves to the sewer is credited to the roofs it fell on.
 * Snow: the site's snowpack takes the day's snow (weather.ts splits rain and snow) and melts 3 mm per
 * °C-day above 0 °C. A roof's month is judged on the water that reaches it that month (rain and
 * snowmelt), so melt runoff counts against the month it runs off, and snow still lying is not counted
 * as retained; a rainy day is a day with at least 1 mm of rain or melt.
 *
 * Each roof's water is followed in two parts: what the roof itself retains (evaporates) of its own
 * water, and what the surfaces downstream of it retain of what it spills, so that a roof's place in a
 * chain of spills is not mistaken for a better roof.
 *
 * Speed: on a day without water (no rain, no melt) nothing overflows, so nothing flows between surfaces,
 * and a surface that does not infiltrate only keeps a share of its store that depends on the month alone
 * (1 - PET x Kc / capacity). The loop therefore walks only the days that bring water (or count as rainy),
 * and first brings each surface through the dry days before: a store that does not infiltrate keeps that
 * share raised to the number of dry days (a table per month), a ground is followed day by day until it
 * is empty. Each store is well mixed, so ET scales all its origins alike: the amounts by origin are kept
 * divided by a running factor (true = stored / inv[i]), and a day touches them only when water arrives
 * from upstream or leaves downstream. A surface's own origin is not stored at all: it is the store less
 * the other origins.
 *
 * `npm run bench:calc` times it (20 roofs and 5 grounds over 100 years). tests/calc/balancePin.test.ts
 * and balanceDifferential.test.ts hold every output to the day-by-day version's to 1e-9.
 */
import type { Series } from './weather';

/** A series seen by the balance once the melt rate and the rainy-day threshold are known. */
interface WaterDays {
  /** the days that bring water (rain or melt) or count as rainy, in order, and their water depth (mm) */
  day: Int32Array;
  input: Float64Array;
  /**
   * the dry days before water day e, and after the last one (e = day.length), as runs within a calendar
   * month: run s has month spellMonth[s] and spellDays[s] days, for s in spellStart[e] .. spellStart[e + 1]
   */
  spellStart: Int32Array;
  spellMonth: Uint8Array;
  spellDays: Uint8Array;
  /** per calendar month: the water depth over all years (mm) and the rainy days */
  monthInput: Float64Array;
  monthRainy: Float64Array;
  /** the precipitation over all days (mm) and the snow still lying at the end (mm of water) */
  sumPrecip: number;
  pack: number;
}

const waterDaysCache = new WeakMap<Series, Map<string, WaterDays>>();

/** The water days of a series (cached per series, melt rate and threshold). */
function waterDaysOf(series: Series, meltRate: number, wetDay: number): WaterDays {
  const key = `${meltRate} ${wetDay}`;
  let bySettings = waterDaysCache.get(series);
  const hit = bySettings?.get(key);
  if (hit) return hit;
  const { precip, temp, month, snow } = series;
  const days = precip.length;
  const day: number[] = [];
  const input: number[] = [];
  const spellStart: number[] = [];
  const spellMonth: number[] = [];
  const spellDays: number[] = [];
  const monthInput = new Float64Array(12);
  const monthRainy = new Float64Array(12);
  let sumPrecip = 0;
  let pack = 0;
  const closeSpell = (from: number, to: number) => {
    spellStart.push(spellMonth.length);
    for (let a = from; a < to;) {
      let e = a + 1;
      while (e < to && month[e] === month[a]) e += 1;
      spellMonth.push(month[a]!);
      spellDays.push(e - a);
      a = e;
    }
  };
  for (let d = 0; d < days; d += 1) {
    const t = temp[d]!;
    const m = month[d]!;
    pack += snow[d]!;
    const melt = t > 0 ? Math.min(pack, meltRate * t) : 0;
    pack -= melt;
    const water = precip[d]! - snow[d]! + melt;
    const rainy = water >= wetDay;
    monthInput[m]! += water;
    sumPrecip += precip[d]!;
    if (rainy) monthRainy[m]! += 1;
    if (water !== 0 || rainy) {
      closeSpell(day.length ? day[day.length - 1]! + 1 : 0, d);
      day.push(d);
      input.push(water);
    }
  }
  closeSpell(day.length ? day[day.length - 1]! + 1 : 0, days);
  spellStart.push(spellMonth.length);
  const found: WaterDays = {
    day: Int32Array.from(day),
    input: Float64Array.from(input),
    spellStart: Int32Array.from(spellStart),
    spellMonth: Uint8Array.from(spellMonth),
    spellDays: Uint8Array.from(spellDays),
    monthInput,
    monthRainy,
    sumPrecip,
    pack,
  };
  if (!bySettings) waterDaysCache.set(series, (bySettings = new Map()));
  bySettings.set(key, found);
  return found;
}

/** The longest run of days within one month: the tables of a dry spell cover 0..LONGEST days. */
const LONGEST = 31;

export interface Surface {
  name: string;
  roof: boolean;
  area: number;
  /** storage capacity, mm */
  capacity: number;
  /** crop coefficient of ET */
  kc: number;
  /** infiltration capacity, mm/day (grounds) */
  infiltration: number;
  /** index of the downstream surface, or -1 for the sewer */
  to: number;
}

export interface SurfaceTotals {
  precipitation: number;
  inflow: number;
  outflow: number;
  toSewer: number;
  et: number;
  infiltration: number;
  storageEnd: number;
  snowEnd: number;
}

export interface BalanceResult {
  /**
   * per roof (index among roofs) and calendar month: the water reaching the roof (rain and snowmelt),
   * the part of it leaving the roof (to the sewer or downstream), the part reaching the sewer (L)
   */
  roofMonthRain: Float64Array[];
  roofMonthOwnOut: Float64Array[];
  roofMonthSewer: Float64Array[];
  /** per roof and month: rainy days and rainy days that met the target */
  roofMonthRainyDays: Float64Array[];
  roofMonthRespected: Float64Array[];
  totals: SurfaceTotals[];
}

/** Upstream-to-downstream order, or the names of the surfaces in a loop. */
export function topologicalOrder(surfaces: Surface[]): { order: number[] } | { loop: string[] } {
  const order: number[] = [];
  const state = surfaces.map(() => 0);
  const visit = (i: number, path: number[]): number[] | null => {
    if (state[i] === 2) return null;
    if (state[i] === 1) return path.slice(path.indexOf(i));
    state[i] = 1;
    const j = surfaces[i]!.to;
    if (j >= 0) {
      const loop = visit(j, [...path, i]);
      if (loop) return loop;
    }
    state[i] = 2;
    order.push(i);
    return null;
  };
  for (let i = 0; i < surfaces.length; i += 1) {
    const loop = visit(i, []);
    if (loop) return { loop: loop.map((k) => surfaces[k]!.name) };
  }
  return { order: order.reverse() };
}

/** A balance run's network and state, in flat typed arrays (surfaces numbered upstream to downstream). */
interface Kernel {
  origins: number;
  roofs: number;
  comp: Float64Array;
  inflow: Float64Array;
  sewer: Float64Array;
  inv: Float64Array;
  total: Float64Array;
  upsStart: Int32Array;
  upsList: Int32Array;
  own: Int32Array;
  area: Float64Array;
  areas: Float64Array;
  capacity: Float64Array;
  etRate: Float64Array;
  infilCap: Float64Array;
  to: Int32Array;
  keep: Float64Array;
  unkeep: Float64Array;
  tInflow: Float64Array;
  tOut: Float64Array;
  tSewer: Float64Array;
  tEt: Float64Array;
  tInfil: Float64Array;
  mOwnOut: Float64Array;
  mSewer: Float64Array;
  mMissed: Float64Array;
  water: WaterDays;
  month: Uint8Array;
  petDaily: number[];
  target: number | null;
  wetDay: number;
}

/**
 * The day loop (kept apart from runBalance, with no closure, so that V8 keeps one optimized version of
 * it from run to run).
 */
function simulate(k: Kernel): void {
  const { origins, roofs, comp, inflow, sewer, inv, total, upsStart, upsList, own, area, areas } = k;
  const { capacity, etRate, infilCap, to, keep, unkeep, month, petDaily, wetDay } = k;
  const { tInflow, tOut, tSewer, tEt, tInfil, mOwnOut, mSewer, mMissed } = k;
  const { day: waterDay, input: waterInput, spellStart, spellMonth, spellDays } = k.water;
  const n = total.length;
  const hasTarget = k.target !== null;
  const targetDepth = k.target ?? 0;
  const events = waterDay.length;
  // a month's rows in the keep tables, and one day's
  const monthRows = (LONGEST + 1) * n;
  // Roof r's water reaching the sewer today is sewer[r]; the roofs it came from are listed in
  // reached[0 .. reachedCount) (their flag in isReached) so the day's end visits only them. A rainy day
  // meets the target for every roof but those that sent more than the rain beyond the target.
  const reached = new Int32Array(origins);
  const isReached = new Uint8Array(origins);
  let reachedCount = 0;
  // Every water day, then once more (e = events) for the dry days after the last one.
  for (let e = 0; e <= events; e += 1) {
    const last = e === events;
    const d = last ? month.length : waterDay[e]!;
    const s0 = spellStart[e]!;
    const s1 = spellStart[e + 1]!;
    const spell = s0 < s1;
    const input = last ? 0 : waterInput[e]!;
    const m = last ? 0 : month[d]!;
    const pet = petDaily[m]!;
    const keepOne = m * monthRows + n;
    // The dry days since the last water day, every surface, before any water moves today: a surface's
    // factor is then today's when water from upstream is added to its store.
    if (spell)
      for (let i = 0; i < n; i += 1) {
        let w = total[i]!;
        if (!(w > 0)) continue;
        const icap = infilCap[i]!;
        let g = inv[i]!;
        if (icap === 0) {
          const before = w;
          for (let x = s0; x < s1; x += 1) {
            const at = spellMonth[x]! * monthRows + spellDays[x]! * n + i;
            w *= keep[at]!;
            g *= unkeep[at]!;
          }
          tEt[i]! += before - w;
        } else {
          // A ground, day by day (infiltration, then ET on what is left) until it is empty.
          for (let a = e > 0 ? waterDay[e - 1]! + 1 : 0; a < d && w > 0; a += 1) {
            const infil = Math.min(w, icap);
            const left = w - infil;
            const rest = left - Math.min(left, petDaily[month[a]!]! * etRate[i]! * left);
            tInfil[i]! += infil;
            tEt[i]! += left - rest;
            g *= w / rest;
            w = rest;
          }
        }
        if (!(w > 0 && g < 1e150)) {
          // Emptied: what it stored is zeroed; or a factor grown too large: what it stored is rescaled.
          const f = w > 0 ? 1 / g : 0;
          for (let x = upsStart[i]!, end = upsStart[i + 1]!, row = i * origins; x < end; x += 1)
            comp[row + upsList[x]!]! *= f;
          g = 1;
        }
        total[i] = w;
        inv[i] = g;
      }
    if (last) break;
    // The water day, upstream to downstream: what a surface spills is already in the stores downstream
    // (by origin, times their factor), and in inflow[] until they take it.
    for (let i = 0; i < n; i += 1) {
      const icap = infilCap[i]!;
      let g = inv[i]!;
      let w = total[i]! + input * area[i]!;
      const received = inflow[i]!;
      if (received !== 0) {
        inflow[i] = 0;
        w += received;
        tInflow[i]! += received;
      }
      if (w <= 0) {
        total[i] = w;
        continue;
      }
      const row = i * origins;
      const cap = capacity[i]!;
      let rest: number;
      if (icap === 0 && w <= cap) {
        // The common day: nothing infiltrates or overflows, only ET takes its share.
        const at = keepOne + i;
        rest = w * keep[at]!;
        g *= unkeep[at]!;
        tEt[i]! += w - rest;
      } else {
        const infil = Math.min(w, icap);
        const out = Math.max(0, w - infil - cap);
        const left = w - infil - out;
        rest = left - Math.min(left, pet * etRate[i]! * left);
        if (out > 0) {
          tOut[i]! += out;
          // Every origin leaves in proportion: its true amount (stored / inv) times out / w; the
          // surface's own origin has the rest of the store.
          const oi = own[i]!;
          const f = out / (w * g);
          const j = to[i]!;
          let others = 0;
          if (j < 0) {
            tSewer[i]! += out;
            for (let x = upsStart[i]!, end = upsStart[i + 1]!; x < end; x += 1) {
              const o = upsList[x]!;
              const c = comp[row + o]!;
              others += c;
              sewer[o]! += c * f;
              if (isReached[o] === 0) {
                isReached[o] = 1;
                reached[reachedCount++] = o;
              }
            }
            const ownOut = Math.max(0, out - others * f);
            sewer[oi]! += ownOut;
            if (oi < roofs) mOwnOut[oi * 12 + m]! += ownOut;
            if (isReached[oi] === 0) {
              isReached[oi] = 1;
              reached[reachedCount++] = oi;
            }
          } else {
            // Into the downstream store, by origin; its own origin (a ground's from another ground) only
            // adds to the store.
            const dest = j * origins;
            const gj = inv[j]!;
            const oj = own[j]!;
            let sent = 0;
            for (let x = upsStart[i]!, end = upsStart[i + 1]!; x < end; x += 1) {
              const o = upsList[x]!;
              const c = comp[row + o]!;
              others += c;
              const b = c * f;
              sent += b;
              if (o !== oj) comp[dest + o]! += b * gj;
            }
            const ownOut = Math.max(0, out - others * f);
            sent += ownOut;
            if (oi !== oj) comp[dest + oi]! += ownOut * gj;
            if (oi < roofs) mOwnOut[oi * 12 + m]! += ownOut;
            inflow[j]! += sent;
          }
        }
        tInfil[i]! += infil;
        tEt[i]! += left - rest;
        g *= w / rest;
      }
      total[i] = rest;
      if (!(rest > 0 && g < 1e150)) {
        const f = rest > 0 ? 1 / g : 0;
        for (let x = upsStart[i]!, end = upsStart[i + 1]!; x < end; x += 1) comp[row + upsList[x]!]! *= f;
        g = 1;
      }
      inv[i] = g;
    }
    if (reachedCount === 0) continue;
    const rainy = input >= wetDay;
    const over = hasTarget ? Math.max(0, input - targetDepth) : 0;
    for (let x = 0; x < reachedCount; x += 1) {
      const r = reached[x]!;
      isReached[r] = 0;
      const toSewer = sewer[r]!;
      sewer[r] = 0;
      if (r === roofs) continue;
      const a = areas[r]!;
      mSewer[r * 12 + m]! += toSewer;
      if (rainy && toSewer > over * a + 1e-9 * a) mMissed[r * 12 + m]! += 1;
    }
    reachedCount = 0;
  }
}

/**
 * Runs the balance over the series. `petDaily[m]` is the PET of a day of month m (mm); `target` the
 * rainfall depth to retain (mm) or null; `meltRate` mm per °C-day; `wetDay` the rainy-day threshold.
 */
export function runBalance(
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
  const originOf = surfaces.map((s, i) => (s.roof ? roofIndex[i]! : roofs));
  // Which origins other than its own can reach each surface: those of everything upstream.
  const upstream: number[][] = surfaces.map(() => []);
  for (const i of order) {
    const j = surfaces[i]!.to;
    if (j >= 0)
      for (const o of [originOf[i]!, ...upstream[i]!])
        if (o !== originOf[j] && !upstream[j]!.includes(o)) upstream[j]!.push(o);
  }
  // From here surfaces are numbered by their place in the upstream-to-downstream order (pos[i] for
  // surface i), so the day's loop walks them in memory order. Flat typed arrays: the water by origin of
  // the surface at place k at [k * origins, (k + 1) * origins); `sewer` is the sewer's day by origin. The
  // origins reaching it are upsList[upsStart[k] .. upsStart[k + 1]).
  const pos = new Int32Array(n);
  order.forEach((i, k) => (pos[i] = k));
  const sorted = order.map((i) => surfaces[i]!);
  const comp = new Float64Array(n * origins);
  const inflow = new Float64Array(n);
  const sewer = new Float64Array(origins);
  const upsStart = new Int32Array(n + 1);
  for (let k = 0; k < n; k += 1) upsStart[k + 1] = upsStart[k]! + upstream[order[k]!]!.length;
  const upsList = Int32Array.from(order.flatMap((i) => upstream[i]!));
  const own = Int32Array.from(order.map((i) => originOf[i]!));
  const area = Float64Array.from(sorted.map((s) => s.area));
  const capacity = Float64Array.from(sorted.map((s) => s.capacity * s.area));
  const etRate = Float64Array.from(
    sorted.map((s) => (s.capacity > 0 ? (s.kc * s.area) / (s.capacity * s.area) : 0)),
  );
  const infilCap = Float64Array.from(sorted.map((s) => s.infiltration * s.area));
  const to = Int32Array.from(sorted.map((s) => (s.to >= 0 ? pos[s.to]! : -1)));
  // The share of its store surface i keeps through k days of ET alone in month m, and its inverse (0
  // when the store empties), at [(m * (LONGEST + 1) + k) * n + i]: a day's surfaces side by side.
  const keep = new Float64Array(n * 12 * (LONGEST + 1));
  const unkeep = new Float64Array(n * 12 * (LONGEST + 1));
  for (let m = 0; m < 12; m += 1)
    for (let i = 0; i < n; i += 1) {
      const f = Math.max(0, 1 - petDaily[m]! * etRate[i]!);
      const back = f > 0 ? 1 / f : 0;
      const at = m * (LONGEST + 1) * n + i;
      keep[at] = 1;
      unkeep[at] = 1;
      for (let k = 1; k <= LONGEST; k += 1) {
        keep[at + k * n] = keep[at + (k - 1) * n]! * f;
        unkeep[at + k * n] = unkeep[at + (k - 1) * n]! * back;
      }
    }
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
  // The stored amounts by origin are the true amounts times inv[i]; total[i] is the store's true content.
  const inv = new Float64Array(n).fill(1);
  const total = new Float64Array(n);
  const areas = Float64Array.from(surfaces.filter((s) => s.roof).map((s) => s.area));
  const water = waterDaysOf(series, meltRate, wetDay);
  const mMissed = new Float64Array(roofs * 12);
  simulate({
    origins,
    roofs,
    comp,
    inflow,
    sewer,
    inv,
    total,
    upsStart,
    upsList,
    own,
    area,
    areas,
    capacity,
    etRate,
    infilCap,
    to,
    keep,
    unkeep,
    tInflow,
    tOut,
    tSewer,
    tEt,
    tInfil,
    mOwnOut,
    mSewer,
    mMissed,
    water,
    month: series.month,
    petDaily,
    target,
    wetDay,
  });
  // The water reaching a roof and its rainy days follow from the site's: the same depth on every roof.
  for (let r = 0; r < roofs; r += 1)
    for (let m = 0; m < 12; m += 1) {
      mRain[r * 12 + m] = water.monthInput[m]! * areas[r]!;
      mRainy[r * 12 + m] = water.monthRainy[m]!;
      mRespected[r * 12 + m] = water.monthRainy[m]! - mMissed[r * 12 + m]!;
    }
  const perRoof = (flat: Float64Array) =>
    Array.from({ length: roofs }, (_, r) => flat.subarray(r * 12, r * 12 + 12));
  const totals: SurfaceTotals[] = surfaces.map((s, j) => {
    const i = pos[j]!;
    return {
      precipitation: water.sumPrecip * s.area,
      inflow: tInflow[i]!,
      outflow: tOut[i]!,
      toSewer: tSewer[i]!,
      et: tEt[i]!,
      infiltration: tInfil[i]!,
      storageEnd: total[i]! + inflow[i]!,
      snowEnd: water.pack * s.area,
    };
  });
  return {
    roofMonthRain: perRoof(mRain),
    roofMonthOwnOut: perRoof(mOwnOut),
    roofMonthSewer: perRoof(mSewer),
    roofMonthRainyDays: perRoof(mRainy),
    roofMonthRespected: perRoof(mRespected),
    totals,
  };
}
