/**
 * Potential evapotranspiration per month (mm), spread evenly over the days (CALCULATIONS.md B.3, with one
 * change): France uses one method everywhere, Météo-France's Penman ETP, the station's own or transferred
 * from the nearest publishing station (Thornthwaite, 19 to 39 % below Penman, only carries the temperature
 * difference between the two stations); Canada: Hargreaves (FAO-56 eq. 52) from the monthly maximum and
 * minimum temperatures and the extraterrestrial radiation of the latitude.
 */
import type { PetMethod } from '../../../words/results/abattement';
import { DAYS_IN_MONTH } from './weather';

const MID_DOY = DAYS_IN_MONTH.map(
  (d, m) => DAYS_IN_MONTH.slice(0, m).reduce((s, x) => s + x, 0) + Math.ceil(d / 2),
);

function solar(latDeg: number, doy: number): { ra: number; daylight: number } {
  const phi = (latDeg * Math.PI) / 180;
  const dr = 1 + 0.033 * Math.cos((2 * Math.PI * doy) / 365);
  const delta = 0.409 * Math.sin((2 * Math.PI * doy) / 365 - 1.39);
  const ws = Math.acos(Math.max(-1, Math.min(1, -Math.tan(phi) * Math.tan(delta))));
  const ra =
    ((24 * 60) / Math.PI) *
    0.082 *
    dr *
    (ws * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(ws));
  return { ra, daylight: (24 / Math.PI) * ws };
}

/** Thornthwaite monthly PET (mm) from mean temperatures (°C) and latitude. */
export function thornthwaite(temps: number[], lat: number): number[] {
  const I = temps.reduce((s, t) => s + (t > 0 ? (t / 5) ** 1.514 : 0), 0);
  const a = 6.75e-7 * I ** 3 - 7.71e-5 * I ** 2 + 1.792e-2 * I + 0.49239;
  return temps.map((t, m) => {
    if (t <= 0 || I <= 0) return 0;
    const { daylight } = solar(lat, MID_DOY[m]!);
    return 16 * (daylight / 12) * (DAYS_IN_MONTH[m]! / 30) * ((10 * t) / I) ** a;
  });
}

/** Hargreaves monthly PET (mm) from mean daily maximum and minimum temperatures (°C) and latitude. */
export function hargreaves(tmax: number[], tmin: number[], lat: number): number[] {
  return tmax.map((tx, m) => {
    const tn = tmin[m]!;
    const tmean = (tx + tn) / 2;
    const { ra } = solar(lat, MID_DOY[m]!);
    const daily = 0.0023 * (tmean + 17.8) * Math.sqrt(Math.max(tx - tn, 0)) * 0.408 * ra;
    return Math.max(daily, 0) * DAYS_IN_MONTH[m]!;
  });
}

interface PetStation {
  id: string;
  name: string;
  country: string;
  lat: number;
  lon: number;
  temp_c: number[];
  pet_mm?: (number | null)[] | null;
  tmax_c?: number[];
  tmin_c?: number[];
}

const published = (s: PetStation): number[] | null =>
  s.pet_mm && s.pet_mm.length === 12 && s.pet_mm.every((x) => typeof x === 'number')
    ? (s.pet_mm as number[])
    : null;

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * r) / 2) ** 2 +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lon - a.lon) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * Penman ETP at a station that does not publish it: the nearest French station's published Penman ETP,
 * each month scaled by the ratio of the two stations' Thornthwaite estimates (which carries the
 * difference of temperature and day length, not Thornthwaite's own level). Checked by leaving each
 * publishing station out in turn (tests/calc/credibility.test.ts): a median error of about 4 % on the annual
 * ETP, where Thornthwaite alone runs about 19 % below Penman.
 */
export function transferredPenman(
  s: PetStation,
  stations: PetStation[],
): { pet: number[]; from: PetStation; km: number } | null {
  let best: PetStation | null = null;
  let km = Infinity;
  for (const o of stations) {
    if (o.id === s.id || o.country !== 'FR' || !published(o)) continue;
    const d = distanceKm(s, o);
    if (d < km) {
      km = d;
      best = o;
    }
  }
  if (!best) return null;
  const own = thornthwaite(s.temp_c, s.lat);
  const theirs = thornthwaite(best.temp_c, best.lat);
  const pet = published(best)!.map((p, m) => (theirs[m]! > 0 ? (p * own[m]!) / theirs[m]! : p));
  return { pet, from: best, km };
}

/**
 * The monthly PET of a station (one method for all of France: Météo-France's Penman ETP, the station's
 * own or transferred from the nearest publishing station; Hargreaves in Canada, where no Penman ETP is
 * published), with how it was obtained.
 */
export function stationPet(s: PetStation, stations: PetStation[]): { pet: number[]; method: PetMethod } {
  if (s.country === 'CA' && s.tmax_c && s.tmin_c)
    return { pet: hargreaves(s.tmax_c, s.tmin_c, s.lat), method: { kind: 'hargreaves' } };
  const own = published(s);
  if (own) return { pet: own, method: { kind: 'penman' } };
  const t = transferredPenman(s, stations);
  if (!t) throw new Error(`no Penman ETP near station ${s.id}`);
  return { pet: t.pet, method: { kind: 'penman_transferred', from: t.from.name, km: Math.round(t.km) } };
}
