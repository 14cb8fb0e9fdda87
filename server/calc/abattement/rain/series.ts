/**
 * A measured series (assemble.ts) as the daily weather of the water balance, and its monthly means beside
 * the normals of the project's station.
 *
 * Snow: where the file measures the rain part (ECCC's Total Rain), the rest of the precipitation is snow;
 * elsewhere the day's precipitation is snow when its mean temperature is at or below 0 °C (as for a
 * generated series without rain normals). A day whose temperature the file does not give takes the
 * station's normal for that day (monthly means interpolated, weather.ts), said in the note. Years keep
 * their 365 or 366 days.
 */
import { dailyTemperature, type Series } from '../weather';
import type { MeasuredSeries } from './assemble';

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The series' days as the balance reads them; `factor` multiplies every amount (the climate stress:
 * the same days, wetter), `normalTemps` are the station's monthly mean temperatures.
 */
export function measuredWeather(m: MeasuredSeries, normalTemps: number[], factor = 1): Series {
  const n = m.precip.length;
  const precip = new Float64Array(n);
  const snow = new Float64Array(n);
  const temp = new Float64Array(n);
  const month = new Uint8Array(n);
  let i = 0;
  for (const y of m.years) {
    let doy = 0;
    for (let mo = 0; mo < 12; mo += 1) {
      const days = MONTH_DAYS[mo]! + (mo === 1 && isLeap(y) ? 1 : 0);
      for (let d = 0; d < days; d += 1, i += 1) {
        // the day of a 365-day year: 29 February takes the normal temperature of the 28th
        const normalDoy = isLeap(y) && doy >= 59 ? Math.max(58, doy - 1) : doy;
        doy += 1;
        month[i] = mo;
        const t = m.temp[i] ?? dailyTemperature(normalTemps, normalDoy);
        temp[i] = t;
        const p = m.precip[i]! * factor;
        precip[i] = p;
        const rain = m.rain[i];
        snow[i] = rain === null || rain === undefined ? (t <= 0 ? p : 0) : Math.max(0, p - rain * factor);
      }
    }
  }
  if (i !== n) throw new Error(`measured series: ${n} days for ${m.years.length} years`);
  return { years: m.years.length, precip, snow, temp, month };
}

/** Per month: the series' mean total (mm) and mean number of days with at least `wetDay` mm. */
export function monthlyMeans(s: Series, wetDay: number): { precip_mm: number[]; wet_days: number[] } {
  const total = new Array<number>(12).fill(0);
  const wet = new Array<number>(12).fill(0);
  for (let i = 0; i < s.precip.length; i += 1) {
    const m = s.month[i]!;
    total[m]! += s.precip[i]!;
    if (s.precip[i]! >= wetDay) wet[m]! += 1;
  }
  return { precip_mm: total.map((x) => x / s.years), wet_days: wet.map((x) => x / s.years) };
}
