/**
 * The daily water balance of every surface (CALCULATIONS.md B.4-B.5), in litres (mm x m2).
 *
 * Each day, for every surface in upstream-to-downstream order: store += precipitation reaching it (rain
 * and snowmelt) + what upstream surfaces spill onto it; a ground infiltrates up to its daily capacity;
 * outflow = store above capacity; actual ET = PET x Kc x store / capacity, never more than the store.
 * Snow: the site's snowpack takes the day's snow (weather.ts splits rain and snow) and melts 3 mm per
 * °C-day above 0 °C. A rainy day is a day with at least 1 mm of rain or melt.
 *
 * Whose water is it (method 3.0). A surface's own rain comes first: its store is split into the part a
 * standalone surface would hold with its own rain alone, and a pool holding the water received from
 * upstream. The bucket is monotone (more water never means less stored, spilled, evaporated or
 * infiltrated, day by day), so the split is exact: the own part follows the standalone surface to the
 * litre, and the pool is what the upstream water adds to the store (more ET and infiltration, more
 * overflow). A roof's own figures are therefore the figures of the same roof alone; the water it
 * receives is reported apart (received, retained, passed on). Within a pool the upstream water is well
 * mixed: it leaves, evaporates and infiltrates in proportion to its origins.
 *
 * What reaches the sewer from a roof is traced through the pools downstream without carrying every
 * origin in every store: a backward pass over the days gives, for each pool and day, the share of its
 * water that eventually reaches the sewer (lambda); a roof's own overflow of a day reaches the sewer in
 * that share of the pool it enters. The cost is one number per pool and day, so a chain of 200 roofs
 * costs about what 200 roofs side by side cost. A roof's month counts the water that left the roof that
 * month; a rainy day meets the roof's target when what its own overflow of the day eventually sends to
 * the sewer is at most the rain beyond the target over the roof. The site's day meets the target when
 * what the whole site (roofs and grounds) sends to the sewer that day is at most the rain beyond the
 * target over the site's area, i.e. when the site keeps at least min(rain, target) x its area.
 * The same day is also judged on a stricter target (the verdict's margin, `stricter`), one more
 * comparison a day.
 *
 * Speed: on a day without water (no rain, no melt) nothing overflows, so nothing flows between surfaces,
 * and a surface that does not infiltrate only keeps a share of its store that depends on the month alone
 * (1 - PET x Kc / capacity). The loop therefore walks only the days that bring water (or count as rainy),
 * and first brings each surface through the dry days before: a store that does not infiltrate keeps that
 * share raised to the number of dry days (a table per month), a ground is followed day by day until it
 * is empty. A pool keeps a record only on the days water enters or leaves it to another surface.
 *
 * `npm run bench:calc` times it (20 roofs and 5 grounds over 100 years; 200 roofs in a chain beside 200
 * side by side). tests/calc/balanceDifferential.test.ts holds every output to a plain day-by-day version
 * (tests/calc/balanceReference.ts) on random networks, and the tracing to a forward tracing that carries
 * every origin; tests/calc/balancePin.test.ts pins the outputs.
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
  /** of the water received from upstream (`inflow`): retained here (ET, infiltration) and passed on */
  upstreamRetained: number;
  upstreamPassed: number;
}

export interface BalanceResult {
  /**
   * per roof (index among roofs) and calendar month: the water reaching the roof (rain and snowmelt),
   * the part of it leaving the roof (to the sewer or downstream: what the roof alone would spill), and
   * the part of that which reaches the sewer (L), counted in the month it left the roof
   */
  roofMonthRain: Float64Array[];
  roofMonthOwnOut: Float64Array[];
  roofMonthSewer: Float64Array[];
  /** per roof and month: rainy days and rainy days that met the target */
  roofMonthRainyDays: Float64Array[];
  roofMonthRespected: Float64Array[];
  /** per month: rainy days on which the whole site met the target (its own volumes, grounds included) */
  siteMonthRespected: Float64Array;
  /** the same, judged on the stricter target runBalance was given (its `stricter` option) */
  siteMonthRespectedStricter: Float64Array;
  /**
   * per rainy day, in order: its month and the free storage of all surfaces when it starts (L); empty
   * unless asked for (`free`)
   */
  rainyDayMonth: Uint8Array;
  freeAtRainStart: Float64Array;
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

/** A growable typed array's next size, its content copied. */
function grown<T extends Int32Array | Float64Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/** Surfaces a record key can name: the key is surface + SURFACES x water day (surface = key & MASK). */
const SURFACES = 1024;
const MASK = SURFACES - 1;
const SHIFT = 10;

/**
 * The pools' records, in the order they are made (a day's upstream surfaces before downstream ones):
 * the surface and the water day (`key`), and side by side in `data` (at 3 r, 3 r + 1, 3 r + 2): the share
 * of the pool (after the day's inputs) it sent on, the share of it still there at the pool's next record
 * (then, after the backward pass, lambda), and the own overflow its one upstream roof sent it that day
 * (when it has only one).
 */
interface Records {
  n: number;
  key: Int32Array;
  data: Float64Array;
}

/**
 * The roofs' overflows into surfaces that have more than one upstream roof: the roof, the receiving
 * surface's record of that day, the amount, the month, and the most the day lets reach the sewer (-1
 * when it is not a rainy day).
 */
interface Sends {
  n: number;
  roof: Int32Array;
  rec: Int32Array;
  amount: Float64Array;
  limit: Float64Array;
  month: Uint8Array;
}

/**
 * The records and overflows of the last run, kept for the next: a run writes over them from the start,
 * so that a large network does not allocate (and grow) tens of megabytes at every calculation.
 */
const scratch: { records: Records; sends: Sends } = {
  records: {
    n: 0,
    key: new Int32Array(1 << 14),
    data: new Float64Array(3 << 14),
  },
  sends: {
    n: 0,
    roof: new Int32Array(1 << 14),
    rec: new Int32Array(1 << 14),
    amount: new Float64Array(1 << 14),
    limit: new Float64Array(1 << 14),
    month: new Uint8Array(1 << 14),
  },
};

/** A balance run's network and state, in flat typed arrays (surfaces numbered upstream to downstream). */
interface Kernel {
  roofOf: Int32Array;
  hasPool: Uint8Array;
  /** the one roof spilling onto each surface, -1 when none or several */
  soleRoof: Int32Array;
  ownIn: Float64Array;
  own: Float64Array;
  pool: Float64Array;
  pend: Float64Array;
  area: Float64Array;
  roofArea: Float64Array;
  siteArea: number;
  capacity: Float64Array;
  etRate: Float64Array;
  infilCap: Float64Array;
  to: Int32Array;
  keep: Float64Array;
  tOut: Float64Array;
  tSewer: Float64Array;
  tEt: Float64Array;
  tInfil: Float64Array;
  tPoolKept: Float64Array;
  tPoolPassed: Float64Array;
  mOwnOut: Float64Array;
  mSewer: Float64Array;
  mMissed: Float64Array;
  siteMissed: Float64Array;
  /** per month: rainy days the site missed a stricter target (`stricter` mm) on */
  siteMissedStricter: Float64Array;
  /** whether to note the free storage at the start of every rainy day */
  free: number[] | null;
  recToday: Int32Array;
  records: Records;
  sends: Sends;
  water: WaterDays;
  month: Uint8Array;
  petDaily: number[];
  target: number | null;
  /** a stricter target (mm) the site's days are also judged on (the verdict's margin), or the target */
  stricter: number;
  wetDay: number;
}

/**
 * The day loop (kept apart from runBalance, with no closure, so that V8 keeps one optimized version of
 * it from run to run).
 */
function simulate(k: Kernel): void {
  const { roofOf, hasPool, soleRoof, ownIn, own, pool, pend, area, roofArea, capacity, etRate } = k;
  const { infilCap, to, keep } = k;
  const { month, petDaily, wetDay, recToday, records: rec, sends, free: freeDays, siteMissed } = k;
  const { siteMissedStricter } = k;
  const { tOut, tSewer, tEt, tInfil, tPoolKept, tPoolPassed, mOwnOut, mSewer, mMissed } = k;
  const { day: waterDay, input: waterInput, spellStart, spellMonth, spellDays } = k.water;
  let recKey = rec.key;
  let recData = rec.data;
  // each pool's last record and the inverse of what the pool held after that day's inputs
  const lastRec = new Int32Array(own.length).fill(-1);
  const lastInvW = new Float64Array(own.length);
  let nrec = rec.n;
  let sendRoof = sends.roof;
  let sendRec = sends.rec;
  let sendAmount = sends.amount;
  let sendLimit = sends.limit;
  let sendMonth = sends.month;
  let nsend = sends.n;
  const n = own.length;
  const hasTarget = k.target !== null;
  const targetDepth = k.target ?? 0;
  const stricterDepth = k.stricter;
  const siteArea = k.siteArea;
  const events = waterDay.length;
  // a month's rows in the keep tables
  const monthRows = (LONGEST + 1) * n;
  let longestSpell = 0;
  for (let e = 0; e <= events; e += 1)
    longestSpell = Math.max(longestSpell, spellStart[e + 1]! - spellStart[e]!);
  const runRow = new Int32Array(longestSpell);
  // Every water day, then once more (e = events) for the dry days after the last one.
  for (let e = 0; e <= events; e += 1) {
    const last = e === events;
    const d = last ? month.length : waterDay[e]!;
    const s0 = spellStart[e]!;
    const s1 = spellStart[e + 1]!;
    if (s0 < s1) {
      // The dry days since the last water day, every surface, before any water moves today: the rows of
      // the keep tables for the spell's runs (a run per calendar month), then each surface.
      const runs = s1 - s0;
      for (let x = 0; x < runs; x += 1) runRow[x] = spellMonth[s0 + x]! * monthRows + spellDays[s0 + x]! * n;
      for (let i = 0; i < n; i += 1) {
        let a = own[i]!;
        let u = pool[i]!;
        const icap = infilCap[i]!;
        if (icap === 0) {
          if (u > 0) {
            const before = a + u;
            const u0 = u;
            for (let x = 0; x < runs; x += 1) {
              const f = keep[runRow[x]! + i]!;
              a *= f;
              u *= f;
            }
            tEt[i]! += before - (a + u);
            tPoolKept[i]! += u0 - u;
            own[i] = a;
            pool[i] = u;
          } else if (a > 0) {
            const before = a;
            for (let x = 0; x < runs; x += 1) a *= keep[runRow[x]! + i]!;
            tEt[i]! += before - a;
            own[i] = a;
          }
        } else if (a > 0 || u > 0) {
          // A ground, day by day (infiltration, then ET on what is left) until it is empty: the whole
          // store and its own part alike, the pool being their difference.
          let w = a + u;
          const rate = etRate[i]!;
          for (let day = e > 0 ? waterDay[e - 1]! + 1 : 0; day < d && w > 0; day += 1) {
            const c = petDaily[month[day]!]! * rate;
            const infil = Math.min(w, icap);
            const left = w - infil;
            const rest = left - Math.min(left, c * left);
            tInfil[i]! += infil;
            tEt[i]! += left - rest;
            w = rest;
            const infilA = Math.min(a, icap);
            const leftA = a - infilA;
            a = leftA - Math.min(leftA, c * leftA);
          }
          const u1 = w - a > 0 ? w - a : 0;
          tPoolKept[i]! += u - u1;
          own[i] = a;
          pool[i] = u1;
        }
      }
    }
    if (last) break;
    // The water day, upstream to downstream.
    const input = waterInput[e]!;
    const m = month[d]!;
    const pet = petDaily[m]!;
    const keepOne = m * monthRows + n;
    const rainy = input >= wetDay;
    // without a target, a rainy day counts when nothing reaches the sewer
    const over = hasTarget ? Math.max(0, input - targetDepth) : 0;
    if (rainy && freeDays !== null) {
      let free = 0;
      for (let i = 0; i < n; i += 1) free += capacity[i]! - own[i]! - pool[i]!;
      freeDays.push(free);
    }
    let toSewer = 0;
    const sendsBefore = nsend;
    for (let i = 0; i < n; i += 1) {
      const cap = capacity[i]!;
      const icap = infilCap[i]!;
      let wa = own[i]! + input * area[i]!;
      let outA = 0;
      let outU = 0;
      if (hasPool[i] === 0) {
        // No upstream water: the store is the surface's own.
        if (icap === 0 && wa <= cap) {
          // The common day: nothing infiltrates or overflows, only ET takes its share.
          const rest = wa * keep[keepOne + i]!;
          tEt[i]! += wa - rest;
          own[i] = rest;
          continue;
        }
        if (wa > 0) {
          const infil = Math.min(wa, icap);
          outA = Math.max(0, wa - infil - cap);
          const left = wa - infil - outA;
          const rest = left - Math.min(left, pet * etRate[i]! * left);
          tInfil[i]! += infil;
          tEt[i]! += left - rest;
          tOut[i]! += outA;
          wa = rest;
        }
        own[i] = wa;
        if (outA === 0) continue;
      } else {
        const received = pend[i]!;
        const before = pool[i]!;
        const wu = before + received;
        const wt = wa + wu;
        if (icap === 0 && wt <= cap) {
          const f = keep[keepOne + i]!;
          const ra = wa * f;
          const ru = wu * f;
          tEt[i]! += wt - ra - ru;
          tPoolKept[i]! += wu - ru;
          own[i] = ra;
          pool[i] = ru;
        } else if (wt > 0) {
          const c = pet * etRate[i]!;
          let ra: number;
          let ru: number;
          if (icap === 0) {
            // The overflow takes the pool first: the own part spills only what it would spill alone.
            let leftA: number;
            let leftU: number;
            if (wa > cap) {
              outA = wa - cap;
              outU = wu;
              leftA = cap;
              leftU = 0;
            } else {
              outU = wt - cap;
              leftA = wa;
              leftU = cap - wa;
            }
            ra = leftA - Math.min(leftA, c * leftA);
            ru = leftU - Math.min(leftU, c * leftU);
            tEt[i]! += leftA - ra + leftU - ru;
            tOut[i]! += outA + outU;
          } else {
            const infil = Math.min(wt, icap);
            const out = Math.max(0, wt - infil - cap);
            const left = wt - infil - out;
            const rest = left - Math.min(left, c * left);
            const infilA = Math.min(wa, icap);
            outA = Math.max(0, wa - infilA - cap);
            const leftA = wa - infilA - outA;
            ra = leftA - Math.min(leftA, c * leftA);
            outU = out - outA > 0 ? out - outA : 0;
            ru = rest - ra > 0 ? rest - ra : 0;
            tInfil[i]! += infil;
            tEt[i]! += left - rest;
            tOut[i]! += out;
          }
          tPoolKept[i]! += wu - outU - ru;
          tPoolPassed[i]! += outU;
          own[i] = ra;
          pool[i] = ru;
        } else {
          own[i] = wa;
          pool[i] = wu;
        }
        if (received > 0 || outU > 0) {
          // A pool record: the share of the pool it sent on; the share of the pool of its last record
          // still there before today's inputs.
          pend[i] = 0;
          if (nrec === recKey.length) {
            recKey = grown(recKey);
            recData = grown(recData);
          }
          const prev = lastRec[i]!;
          if (prev >= 0) recData[3 * prev + 1] = before * lastInvW[i]!;
          const invW = 1 / wu;
          lastRec[i] = nrec;
          lastInvW[i] = invW;
          recKey[nrec] = i | (e << SHIFT);
          const at = 3 * nrec;
          recData[at] = outU * invW;
          recData[at + 1] = 0;
          if (soleRoof[i]! >= 0) {
            recData[at + 2] = ownIn[i]!;
            ownIn[i] = 0;
          } else {
            recData[at + 2] = 0;
            recToday[i] = nrec;
          }
          nrec += 1;
        }
        if (outA === 0 && outU === 0) continue;
      }
      // Where the day's overflow goes: the own part, then the pool.
      const j = to[i]!;
      const roof = roofOf[i]!;
      if (j < 0) {
        toSewer += outA + outU;
        tSewer[i]! += outA + outU;
        if (roof >= 0 && outA > 0) {
          mOwnOut[roof * 12 + m]! += outA;
          mSewer[roof * 12 + m]! += outA;
          const a = roofArea[roof]!;
          if (rainy && outA > over * a + 1e-9 * a) mMissed[roof * 12 + m]! += 1;
        }
      } else {
        pend[j]! += outA + outU;
        if (outA > 0 && roof >= 0) {
          mOwnOut[roof * 12 + m]! += outA;
          if (soleRoof[j] === roof) {
            // the receiving surface's record of the day holds it
            ownIn[j] = outA;
            continue;
          }
          if (nsend === sendRoof.length) {
            sendRoof = grown(sendRoof);
            sendRec = grown(sendRec);
            sendAmount = grown(sendAmount);
            sendLimit = grown(sendLimit);
            const months = new Uint8Array(sendMonth.length * 2);
            months.set(sendMonth);
            sendMonth = months;
          }
          const a = roofArea[roof]!;
          sendRoof[nsend] = roof;
          sendRec[nsend] = j;
          sendAmount[nsend] = outA;
          sendLimit[nsend] = rainy ? over * a + 1e-9 * a : -1;
          sendMonth[nsend] = m;
          nsend += 1;
        }
      }
    }
    // The roofs' overflows of the day now name the record their destination made of them.
    for (let s = sendsBefore; s < nsend; s += 1) sendRec[s] = recToday[sendRec[s]!]!;
    if (rainy && toSewer > over * siteArea + 1e-9 * siteArea) siteMissed[m]! += 1;
    if (rainy && hasTarget && toSewer > Math.max(0, input - stricterDepth) * siteArea + 1e-9 * siteArea)
      siteMissedStricter[m]! += 1;
  }
  Object.assign(rec, { n: nrec, key: recKey, data: recData });
  Object.assign(sends, {
    n: nsend,
    roof: sendRoof,
    rec: sendRec,
    amount: sendAmount,
    limit: sendLimit,
    month: sendMonth,
  });
}

/**
 * Backward over the pools' records, downstream records of a day before upstream ones and later days
 * before earlier ones: the share of a pool's water that eventually reaches the sewer (lambda), written
 * over the share kept. Of the pool's water, the share sent goes on to its destination (lambda 1 for the
 * sewer) and the share kept is still there at its next record. The own overflow a record holds from the
 * one roof upstream reaches the sewer in that share: it counts for that roof's month and its rainy day.
 */
function trace(k: Kernel): void {
  const { key, data } = k.records;
  const { to, soleRoof, roofArea, mSewer, mMissed, wetDay, target } = k;
  const { day, input } = k.water;
  // per water day: its month, and the rain beyond the target (-1 when it is not a rainy day)
  const events = day.length;
  const eventMonth = new Uint8Array(events);
  const beyond = new Float64Array(events);
  for (let e = 0; e < events; e += 1) {
    eventMonth[e] = k.month[day[e]!]!;
    const x = input[e]!;
    beyond[e] = x >= wetDay ? (target === null ? 0 : Math.max(0, x - target)) : -1;
  }
  const lambda = new Float64Array(to.length);
  // a record's lambda is kept only for the roofs' overflows listed apart (into surfaces with several roofs)
  const keepLambda = k.sends.n > 0;
  for (let r = k.records.n - 1; r >= 0; r -= 1) {
    const kr = key[r]!;
    const i = kr & MASK;
    const j = to[i]!;
    const at = 3 * r;
    const l = data[at]! * (j < 0 ? 1 : lambda[j]!) + data[at + 1]! * lambda[i]!;
    lambda[i] = l;
    if (keepLambda) data[at + 1] = l;
    const own = data[at + 2]!;
    if (own > 0) {
      const e = kr >> SHIFT;
      const roof = soleRoof[i]!;
      const cell = roof * 12 + eventMonth[e]!;
      const reaching = own * l;
      mSewer[cell]! += reaching;
      const limit = beyond[e]!;
      const a = roofArea[roof]!;
      if (limit >= 0 && reaching > limit * a + 1e-9 * a) mMissed[cell]! += 1;
    }
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
  options: { free?: boolean; stricter?: number } = {},
): BalanceResult {
  const { kernel, pos, roofs } = kernelOf(surfaces, order, series, petDaily, {
    target,
    stricter: options.stricter ?? target ?? 0,
    meltRate,
    wetDay,
    free: options.free === true,
  });
  const { water, roofArea } = kernel;
  simulate(kernel);
  trace(kernel);
  chargeSends(kernel);
  const { mSewer, mMissed } = kernel;
  // The water reaching a roof and its rainy days follow from the site's: the same depth on every roof.
  const mRain = new Float64Array(roofs * 12);
  const mRainy = new Float64Array(roofs * 12);
  const mRespected = new Float64Array(roofs * 12);
  for (let r = 0; r < roofs; r += 1)
    for (let m = 0; m < 12; m += 1) {
      mRain[r * 12 + m] = water.monthInput[m]! * roofArea[r]!;
      mRainy[r * 12 + m] = water.monthRainy[m]!;
      mRespected[r * 12 + m] = water.monthRainy[m]! - mMissed[r * 12 + m]!;
    }
  const perRoof = (flat: Float64Array) =>
    Array.from({ length: roofs }, (_, r) => flat.subarray(r * 12, r * 12 + 12));
  const totals = totalsOf(surfaces, pos, kernel);
  return {
    roofMonthRain: perRoof(mRain),
    roofMonthOwnOut: perRoof(kernel.mOwnOut),
    roofMonthSewer: perRoof(mSewer),
    roofMonthRainyDays: perRoof(mRainy),
    roofMonthRespected: perRoof(mRespected),
    siteMonthRespected: Float64Array.from(water.monthRainy, (x, m) => x - kernel.siteMissed[m]!),
    siteMonthRespectedStricter: Float64Array.from(
      water.monthRainy,
      (x, m) => x - (target === null ? kernel.siteMissed[m]! : kernel.siteMissedStricter[m]!),
    ),
    rainyDayMonth: kernel.free
      ? Uint8Array.from(
          Array.from(water.day).filter((_, e) => water.input[e]! >= wetDay),
          (d) => series.month[d]!,
        )
      : new Uint8Array(0),
    freeAtRainStart: Float64Array.from(kernel.free ?? []),
    totals,
  };
}

/** The kernel's arrays for the surfaces in their upstream-to-downstream order, and the series' water days. */
function kernelOf(
  surfaces: Surface[],
  order: number[],
  series: Series,
  petDaily: number[],
  {
    target,
    stricter,
    meltRate,
    wetDay,
    free,
  }: { target: number | null; stricter: number; meltRate: number; wetDay: number; free: boolean },
): { kernel: Kernel; pos: Int32Array; roofs: number } {
  const n = surfaces.length;
  if (n > SURFACES) throw new Error(`runBalance: ${n} surfaces, at most ${SURFACES}`);
  const { roofIndex, roofs, pos, sorted, hasPool, soleRoof } = layoutOf(surfaces, order);
  const area = Float64Array.from(sorted.map((s) => s.area));
  const capacity = Float64Array.from(sorted.map((s) => s.capacity * s.area));
  const etRate = Float64Array.from(
    sorted.map((s) => (s.capacity > 0 ? (s.kc * s.area) / (s.capacity * s.area) : 0)),
  );
  const infilCap = Float64Array.from(sorted.map((s) => s.infiltration * s.area));
  const to = Int32Array.from(sorted.map((s) => (s.to >= 0 ? pos[s.to]! : -1)));
  const keep = keepTable(petDaily, etRate);
  const roofArea = Float64Array.from(surfaces.filter((s) => s.roof).map((s) => s.area));
  const water = waterDaysOf(series, meltRate, wetDay);
  const kernel: Kernel = {
    roofOf: Int32Array.from(order.map((i) => roofIndex[i]!)),
    hasPool,
    soleRoof,
    ownIn: new Float64Array(n),
    own: new Float64Array(n),
    pool: new Float64Array(n),
    pend: new Float64Array(n),
    area,
    roofArea,
    siteArea: surfaces.reduce((x, s) => x + s.area, 0),
    capacity,
    etRate,
    infilCap,
    to,
    keep,
    tOut: new Float64Array(n),
    tSewer: new Float64Array(n),
    tEt: new Float64Array(n),
    tInfil: new Float64Array(n),
    tPoolKept: new Float64Array(n),
    tPoolPassed: new Float64Array(n),
    // per roof and month, flat at [r * 12 + m]
    mOwnOut: new Float64Array(roofs * 12),
    mSewer: new Float64Array(roofs * 12),
    mMissed: new Float64Array(roofs * 12),
    siteMissed: new Float64Array(12),
    siteMissedStricter: new Float64Array(12),
    free: free ? [] : null,
    recToday: new Int32Array(n),
    records: Object.assign(scratch.records, { n: 0 }),
    sends: Object.assign(scratch.sends, { n: 0 }),
    water,
    month: series.month,
    petDaily,
    target,
    stricter,
    wetDay,
  };
  return { kernel, pos, roofs };
}

/**
 * The surfaces' layout for the kernel: surface i at place pos[i] of the upstream-to-downstream order (the
 * day's loop walks them in memory order), each roof's index among the roofs, and per place whether
 * surfaces spill onto it (a pool) and the roof when exactly one roof does (-1 otherwise).
 */
function layoutOf(surfaces: Surface[], order: number[]) {
  const n = surfaces.length;
  const roofIndex = surfaces.map((s, i) => (s.roof ? surfaces.slice(0, i).filter((x) => x.roof).length : -1));
  const roofs = surfaces.filter((s) => s.roof).length;
  const pos = new Int32Array(n);
  order.forEach((i, k) => (pos[i] = k));
  const sorted = order.map((i) => surfaces[i]!);
  const hasPool = new Uint8Array(n);
  const soleRoof = new Int32Array(n).fill(-1);
  const upstreamRoofs = new Int32Array(n);
  for (const s of surfaces)
    if (s.to >= 0) {
      const j = pos[s.to]!;
      hasPool[j] = 1;
      if (s.roof) {
        upstreamRoofs[j]! += 1;
        soleRoof[j] = roofIndex[surfaces.indexOf(s)]!;
      }
    }
  for (let j = 0; j < n; j += 1) if (upstreamRoofs[j] !== 1) soleRoof[j] = -1;
  return { roofIndex, roofs, pos, sorted, hasPool, soleRoof };
}

/**
 * The share of its store surface i keeps through k days of ET alone in month m, at
 * [(m * (LONGEST + 1) + k) * n + i]: a day's surfaces side by side.
 */
function keepTable(petDaily: number[], etRate: Float64Array): Float64Array {
  const n = etRate.length;
  const keep = new Float64Array(n * 12 * (LONGEST + 1));
  for (let m = 0; m < 12; m += 1)
    for (let i = 0; i < n; i += 1) {
      const f = Math.max(0, 1 - petDaily[m]! * etRate[i]!);
      const at = m * (LONGEST + 1) * n + i;
      keep[at] = 1;
      for (let k = 1; k <= LONGEST; k += 1) keep[at + k * n] = keep[at + (k - 1) * n]! * f;
    }
  return keep;
}

/** Each overflow of a roof into another surface reaches the sewer in the share its record gives (trace). */
function chargeSends(k: Kernel): void {
  const { records, sends, mSewer, mMissed } = k;
  const lambdaOf = records.data;
  const { roof: sendRoof, rec: sendRec, amount, limit, month: sendMonth } = sends;
  for (let s = 0; s < sends.n; s += 1) {
    const at = sendRoof[s]! * 12 + sendMonth[s]!;
    const reaching = amount[s]! * lambdaOf[3 * sendRec[s]! + 1]!;
    mSewer[at]! += reaching;
    if (reaching > limit[s]! && limit[s]! >= 0) mMissed[at]! += 1;
  }
}

/** Each surface's totals over the series, in the project's order; what it received is what was spilled onto it. */
function totalsOf(surfaces: Surface[], pos: Int32Array, k: Kernel): SurfaceTotals[] {
  const { water, to } = k;
  const inflow = new Float64Array(surfaces.length);
  for (let i = 0; i < surfaces.length; i += 1) if (to[i]! >= 0) inflow[to[i]!]! += k.tOut[i]!;
  return surfaces.map((s, j) => {
    const i = pos[j]!;
    return {
      precipitation: water.sumPrecip * s.area,
      inflow: inflow[i]!,
      outflow: k.tOut[i]!,
      toSewer: k.tSewer[i]!,
      et: k.tEt[i]!,
      infiltration: k.tInfil[i]!,
      storageEnd: k.own[i]! + k.pool[i]! + k.pend[i]!,
      snowEnd: water.pack * s.area,
      upstreamRetained: k.tPoolKept[i]!,
      upstreamPassed: k.tPoolPassed[i]!,
    };
  });
}
