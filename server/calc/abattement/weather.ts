/**
 * The synthetic daily weather of a station (CALCULATIONS.md B.2): a first-order Markov chain for wet days
 * (>= 1 mm) and gamma amounts, calibrated per month from the normals (Richardson's WGEN with the
 * calibration of Geng, Penning de Vries & Supit 1986: P(W|D) = 0.75 fw, P(W|W) = 0.25 + P(W|D), mean wet-day
 * amount mu = total / wet days, gamma scale beta = -2.16 + 1.83 mu (at least 1), or 1.11 mu when mu < 3 mm,
 * shape alpha = mu / beta).
 *
 * Choices: years of 365 days; a wet day's amount is 1 mm plus the gamma draw scaled to a mean of mu - 1, so
 * every wet day reaches the 1 mm threshold; the series is then conditioned on the normals: per calendar
 * month the wet-day count over all years is brought to the normal (random dry days made wet, or wet days
 * made dry, with the chain's draws otherwise kept) and the amounts are scaled so the mean monthly totals
 * equal the normals.
 *
 * Temperature and snow: the daily mean temperature is the mid-month normals interpolated, plus a
 * persistent anomaly (first-order autoregressive, lag-one correlation 0.7) whose spread is 0.6 times the
 * month's mean daily range (ECCC max - min; 2 to 7 °C), or 3.5 °C where the normals give no range
 * (France), so that winters have thaws and cold snaps. Where the normals give the rain part of the
 * precipitation (ECCC), each month's precipitation is split so that the series' rain equals the normal
 * rain: over all years of that month, the warmest wet days are rain until the normal rain share is
 * reached, the others snow. Elsewhere precipitation on a day at or below 0 °C is snow.
 */
import { gamma, mulberry32, normal, seedOf } from './random';

export const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MID = DAYS_IN_MONTH.map((d, m) => DAYS_IN_MONTH.slice(0, m).reduce((s, x) => s + x, 0) + d / 2);

export interface StationNormals {
  id: string;
  lat: number;
  precip_mm: number[];
  wet_days: number[];
  temp_c: number[];
  /** the rain part of precip_mm (ECCC), null where not published */
  rain_mm?: (number | null)[];
  tmax_c?: number[];
  tmin_c?: number[];
}

export interface Series {
  years: number;
  /** precipitation per day, mm (rain and snow water) */
  precip: Float64Array;
  /** the part of each day's precipitation that falls as snow, mm of water */
  snow: Float64Array;
  /** mean temperature per day, °C */
  temp: Float64Array;
  /** calendar month (0-11) of each day */
  month: Uint8Array;
}

/** The month (0-11) of a day of a 365-day year. */
export function monthOfDay(day: number): number {
  let m = 0;
  let d = day;
  while (d >= DAYS_IN_MONTH[m]!) d -= DAYS_IN_MONTH[m++]!;
  return m;
}

/** Daily mean temperature of day `doy` (0-364), linear between the mid-month normals. */
export function dailyTemperature(temps: number[], doy: number): number {
  const t = doy + 0.5;
  const next = MID.findIndex((x) => x > t);
  let a: number;
  let ta: number;
  let tb: number;
  if (next === 0) {
    a = 11; // early January: between mid-December of the year before and mid-January
    ta = MID[11]! - 365;
    tb = MID[0]!;
  } else if (next === -1) {
    a = 11; // late December: between mid-December and mid-January of the next year
    ta = MID[11]!;
    tb = MID[0]! + 365;
  } else {
    a = next - 1;
    ta = MID[a]!;
    tb = MID[next]!;
  }
  const b = (a + 1) % 12;
  return temps[a]! + ((t - ta) / (tb - ta)) * (temps[b]! - temps[a]!);
}

const cache = new Map<string, Series>();

/** The station's series of `years` years (cached: same station, same series). */
export function stationSeries(s: StationNormals, years: number, wetThreshold = 1): Series {
  // Keyed by the normals too, so that adjusted normals (a sensitivity) never reuse the station's series.
  const key = JSON.stringify([s, years, wetThreshold]);
  const hit = cache.get(key);
  if (hit) return hit;
  const rand = mulberry32(seedOf(s.id));
  const n = years * 365;
  const precip = new Float64Array(n);
  const temp = new Float64Array(n);
  const month = new Uint8Array(n);
  const tempYear = Array.from({ length: 365 }, (_, d) => dailyTemperature(s.temp_c, d));
  const monthYear = Array.from({ length: 365 }, (_, d) => monthOfDay(d));
  let wet = false;
  for (let i = 0; i < n; i += 1) {
    const doy = i % 365;
    const m = monthYear[doy]!;
    month[i] = m;
    temp[i] = tempYear[doy]!;
    const fw = Math.min(s.wet_days[m]! / DAYS_IN_MONTH[m]!, 0.999);
    const pwd = 0.75 * fw;
    const pww = 0.25 + pwd;
    wet = rand() < (wet ? pww : pwd);
    if (wet) precip[i] = amount(rand, s.precip_mm[m]! / Math.max(s.wet_days[m]!, 1e-9), wetThreshold);
  }
  // Condition on the normals, month by month over all years.
  for (let m = 0; m < 12; m += 1) {
    const days: number[] = [];
    for (let i = 0; i < n; i += 1) if (month[i] === m) days.push(i);
    const target = Math.round(s.wet_days[m]! * years);
    const wetDays = days.filter((i) => precip[i]! > 0);
    const dryDays = days.filter((i) => precip[i] === 0);
    const mu = s.precip_mm[m]! / Math.max(s.wet_days[m]!, 1e-9);
    while (wetDays.length < target && dryDays.length > 0) {
      const k = Math.floor(rand() * dryDays.length);
      const i = dryDays.splice(k, 1)[0]!;
      precip[i] = amount(rand, mu, wetThreshold);
      wetDays.push(i);
    }
    while (wetDays.length > target) {
      const k = Math.floor(rand() * wetDays.length);
      const i = wetDays.splice(k, 1)[0]!;
      precip[i] = 0;
    }
    const total = wetDays.reduce((sum, i) => sum + precip[i]!, 0);
    const wanted = s.precip_mm[m]! * years;
    // Scale the part above the threshold so every wet day keeps at least 1 mm.
    const above = total - wetThreshold * wetDays.length;
    const k = above > 0 ? (wanted - wetThreshold * wetDays.length) / above : 1;
    for (const i of wetDays) precip[i] = wetThreshold + (precip[i]! - wetThreshold) * Math.max(k, 0);
  }
  addTemperatureSpread(s, temp);
  const snow = splitSnow(s, precip, temp, month);
  const series = { years, precip, snow, temp, month };
  cache.set(key, series);
  return series;
}

/** Spread (standard deviation, °C) of the daily temperature anomaly in month m. */
export function temperatureSpread(s: StationNormals, m: number): number {
  if (!s.tmax_c || !s.tmin_c) return 3.5;
  return Math.min(7, Math.max(2, 0.6 * (s.tmax_c[m]! - s.tmin_c[m]!)));
}

/** Adds the persistent daily anomaly to the interpolated normals (its own random stream). */
function addTemperatureSpread(s: StationNormals, temp: Float64Array): void {
  const rand = mulberry32(seedOf(`${s.id}:temperature`));
  const phi = 0.7;
  const k = Math.sqrt(1 - phi * phi);
  let z = 0;
  for (let i = 0; i < temp.length; i += 1) {
    z = phi * z + k * normal(rand);
    temp[i]! += temperatureSpread(s, monthOfDay(i % 365)) * z;
  }
}

/** Snow water per day: the normal rain share per month where published, else the 0 °C threshold. */
function splitSnow(
  s: StationNormals,
  precip: Float64Array,
  temp: Float64Array,
  month: Uint8Array,
): Float64Array {
  const snow = new Float64Array(precip.length);
  for (let m = 0; m < 12; m += 1) {
    const rain = s.rain_mm?.[m];
    const days: number[] = [];
    for (let i = 0; i < precip.length; i += 1) if (month[i] === m && precip[i]! > 0) days.push(i);
    if (typeof rain !== 'number' || !(s.precip_mm[m]! > 0)) {
      for (const i of days) if (temp[i]! <= 0) snow[i] = precip[i]!;
      continue;
    }
    const total = days.reduce((sum, i) => sum + precip[i]!, 0);
    let rainLeft = Math.min(1, rain / s.precip_mm[m]!) * total;
    days.sort((a, b) => temp[b]! - temp[a]! || a - b);
    for (const i of days) {
      const p = precip[i]!;
      // The day that crosses the normal rain share is split between rain and snow.
      const asRain = Math.min(p, Math.max(rainLeft, 0));
      rainLeft -= asRain;
      snow[i] = p - asRain;
    }
  }
  return snow;
}

function amount(rand: () => number, mu: number, threshold: number): number {
  const beta = mu < 3 ? 1.11 * mu : Math.max(-2.16 + 1.83 * mu, 1);
  const alpha = mu / beta;
  const x = gamma(rand, alpha, beta);
  return threshold + (x * Math.max(mu - threshold, 0)) / mu;
}
