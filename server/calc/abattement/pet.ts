/**
 * Potential evapotranspiration per month (mm), spread evenly over the days (CALCULATIONS.md B.3):
 * France: the station's Penman ETP when Météo-France publishes it, else Thornthwaite (1948) from the monthly
 * temperatures with the day-length correction for the latitude; Canada: Hargreaves (FAO-56 eq. 52) from the
 * monthly maximum and minimum temperatures and the extraterrestrial radiation of the latitude.
 */
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

/** The monthly PET of a station and the name of the method used. */
export function stationPet(s: {
  country: string;
  lat: number;
  temp_c: number[];
  pet_mm?: (number | null)[] | null;
  tmax_c?: number[];
  tmin_c?: number[];
}): { pet: number[]; method: string } {
  if (s.country === 'CA' && s.tmax_c && s.tmin_c)
    return { pet: hargreaves(s.tmax_c, s.tmin_c, s.lat), method: 'Hargreaves (FAO-56)' };
  if (s.pet_mm && s.pet_mm.every((x) => typeof x === 'number'))
    return { pet: s.pet_mm as number[], method: 'Penman (Météo-France ETP)' };
  return { pet: thornthwaite(s.temp_c, s.lat), method: 'Thornthwaite (1948)' };
}
