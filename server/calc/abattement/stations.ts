import departments from '../climate/fr-departments.json' with { type: 'json' };
import { departmentOf } from '../postcode';
import data from '../climate/stations.json' with { type: 'json' };

export interface Station {
  id: string;
  name: string;
  country: string;
  lat: number;
  period: string;
  source: string;
  precip_mm: number[];
  wet_days_ge_1mm?: number[];
  precip_days_ge_1mm?: number[];
  temp_c: number[];
  lon: number;
  rain_mm?: (number | null)[];
  tmax_c?: number[];
  tmin_c?: number[];
  pet_mm?: (number | null)[] | null;
  /** France: days with at least 5 and 10 mm of precipitation (Météo-France fiche) */
  wet_days_ge_5mm?: number[];
  wet_days_ge_10mm?: number[];
  /** Canada: days with at least 5, 10, 25 mm of rain (ECCC; null on months not published) */
  rain_days_ge_5mm?: (number | null)[];
  rain_days_ge_10mm?: (number | null)[];
  rain_days_ge_25mm?: (number | null)[];
}

/** Every station of the climate data. */
export const STATIONS: Station[] = data.stations;

const byId = new Map(STATIONS.map((s) => [s.id, s]));

/** The station serving a French postcode, or null when the postcode is not a metropolitan one we know. */
export function stationForPostcode(postcode: unknown): Station | null {
  const dept = departmentOf(postcode);
  const map: Record<string, { station_id: string } | undefined> = departments.map;
  const entry = dept ? map[dept] : undefined;
  return entry ? (byId.get(entry.station_id) ?? null) : null;
}

const RAIN_REGIONS: Record<string, string> = {
  Québec: 'quebec',
  Montréal: 'montreal',
  Toronto: 'toronto',
  Ottawa: 'ottawa',
  Vancouver: 'vancouver',
};

/** The ECCC station of a Canadian rain region (Québec, Montréal, Toronto, Ottawa, Vancouver), or null. */
export function stationForRainRegion(region: unknown): Station | null {
  const id = typeof region === 'string' ? RAIN_REGIONS[region] : undefined;
  return id ? (byId.get(id) ?? null) : null;
}

/** Wet days (>= 1 mm) per month of a station, whichever country's name the source gives them. */
export function wetDaysOf(s: Station): number[] {
  return (s.wet_days_ge_1mm ?? s.precip_days_ge_1mm)!;
}
