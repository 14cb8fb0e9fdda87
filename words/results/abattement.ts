/**
 * Generated from server/calc/abattement/results.schema.json by `npm run results:types`:
 * edit the schema, not this file (tests/calc/resultsContract.test.ts fails when it is stale).
 */

/**
 * how a station's PET was obtained, for the note
 */
export type PetMethod =
  | {
      kind: 'penman';
    }
  | {
      kind: 'penman_transferred';
      from: string;
      km: number;
    }
  | {
      kind: 'hargreaves';
    };

/**
 * The results of an abattement water balance (CALCULATIONS.md B, method 3.0), with the climate-stress runs when the bundle asks for them.
 */
export interface AbattementResults {
  toitureResults: RoofResult[];
  /**
   * the rain that falls on the grounds, together; null when the project has no ground surface
   */
  grounds: GroundsResult | null;
  /**
   * month by month: the rain (mm) and the rainy days of the series
   */
  pluviometrie: MonthRain[];
  site: SiteResult;
  series_check: SeriesCheck | null;
  station: StationRef;
  years: number;
  target_mm: number | null;
  method: AbattementMethod;
  pet_method: PetMethod;
  /**
   * per surface, mean per year over the series (storage and snow: at the end of the series)
   */
  balance: SurfaceBalance[];
  parameters: AbattementParameter[];
  defaults_used: string[];
  /**
   * the same project with more rain: a sensitivity, not a forecast (issue 13)
   */
  stress?: StressCase[];
  /**
   * the measured daily series the balance ran on (issue 39.3); null or absent: the generated series
   */
  measured?: MeasuredRain | null;
}
export interface RoofResult {
  toiture: RoofName;
  monthlyResults: MonthResult[];
  annual: AnnualResult;
  /**
   * mean of the twelve monthly percentages (the seed's chart line), not the annual figure
   */
  mean_of_months: number;
  capacity_mm: number;
  area_m2: number;
  volumes: Volumes;
  /**
   * the water it receives from the surfaces spilling onto it, apart from its own; null when none do
   */
  upstream: UpstreamWater | null;
}
export interface RoofName {
  name: string;
}
export interface MonthResult {
  /**
   * share of the water reaching the roof that does not reach the sewer (%, seed 001)
   */
  abattement: number;
  /**
   * share of rainy days on which the target was met (%, seed 001)
   */
  respectConsigneAbattement: number;
  /**
   * the part of `abattement` retained on the roof itself (%)
   */
  own: number;
}
/**
 * volume-weighted over the year; `downstream` = abattement - own: what the surfaces it spills onto retain
 */
export interface AnnualResult {
  abattement: number;
  respectConsigneAbattement: number;
  own: number;
  downstream: number;
}
/**
 * per year: water reaching the surface, retained on it, retained downstream, reaching the sewer (m3)
 */
export interface Volumes {
  water_m3: number;
  own_m3: number;
  downstream_m3: number;
  to_sewer_m3: number;
}
/**
 * what a surface does with the water it receives from upstream surfaces, per year
 */
export interface UpstreamWater {
  received_m3: number;
  retained_m3: number;
  passed_m3: number;
  /**
   * retained_m3 / received_m3 (%)
   */
  retained_share: number;
}
/**
 * the rain that falls on the grounds, together (their water is traced as one origin), per year
 */
export interface GroundsResult {
  names: string[];
  area_m2: number;
  /**
   * share of that rain that does not reach the sewer (%)
   */
  abattement: number;
  volumes: Volumes;
}
export interface MonthRain {
  pluie_precipite: number;
  evenements_pluvieux: number;
}
/**
 * the whole site, per year
 */
export interface SiteResult {
  abattement: number;
  /**
   * rainy days on which the site kept at least min(rain, target) x its area (%)
   */
  respectConsigneAbattement: number;
  /**
   * the area the site's target applies to: every roof and ground (m2)
   */
  area_m2: number;
  precipitation_m3_per_year: number;
  to_sewer_m3_per_year: number;
  et_m3_per_year: number;
  infiltration_m3_per_year: number;
  /**
   * water the roofs and grounds can hold at once
   */
  storage_capacity_m3: number;
  /**
   * a retention volume the project must provide (smca)
   */
  imposed_volume_m3: number | null;
  /**
   * the share of rainy days (%) on which that much storage is free when the rain starts
   */
  imposed_volume_free_share: number | null;
  imposed_volume_free_share_by_month: number[] | null;
  imposed_volume_min_free_share: number | null;
  /**
   * met when the free share is at least `imposed_volume_min_free_share`
   */
  imposed_volume_met: boolean | null;
  /**
   * the snow still lying on the site at the end of the series, per year of it (m3): the part of `precipitation_m3_per_year` no surface's row counts
   */
  snow_end_m3_per_year: number;
  /**
   * the share of rainy days (%) on which the site must keep the target for the target to be met; null without a target
   */
  target_min_share: number | null;
  /**
   * met when `respectConsigneAbattement` is at least `target_min_share`; null without a target
   */
  target_met: boolean | null;
  /**
   * the target depth raised by its margin (`target_margin_percent`, mm); null without a target
   */
  target_stricter_mm: number | null;
  /**
   * the share of rainy days (%) the site would keep `target_stricter_mm` on: a met target whose share falls under `target_min_share` with it is at the edge; null without a target
   */
  target_stricter_share: number | null;
  /**
   * when the target is not met: the surfaces that cannot hold the target depth and send their water to the sewer, and the share of rainy days the rest of the site would meet it on without them; null otherwise
   */
  target_blockers: TargetBlockers | null;
}
export interface TargetBlockers {
  /**
   * @minItems 1
   */
  names: [string, ...string[]];
  /**
   * their area together (m2)
   */
  area_m2: number;
  /**
   * rainy days (%) on which the site without them would keep the target over its remaining area
   */
  share_without: number;
  /**
   * whether that share meets `target_min_share`
   */
  met_without: boolean;
}
/**
 * the generated series against the days per year with at least `threshold_mm` in the normals
 */
export interface SeriesCheck {
  threshold_mm: number;
  kind: 'precipitation' | 'rain';
  series_days: number;
  normal_days: number;
  /**
   * (series - normal) / normal (%)
   */
  bias: number;
}
export interface StationRef {
  id: string;
  name: string;
  country: string;
  period: string;
  source: string;
}
/**
 * the method's name and version
 */
export interface AbattementMethod {
  name: string;
  version: string;
}
export interface SurfaceBalance {
  name: string;
  precipitation_m3_per_year: number;
  inflow_m3_per_year: number;
  outflow_m3_per_year: number;
  to_sewer_m3_per_year: number;
  et_m3_per_year: number;
  infiltration_m3_per_year: number;
  storage_end_m3: number;
  snow_end_m3: number;
  upstream_retained_m3_per_year: number;
  upstream_passed_m3_per_year: number;
}
/**
 * a parameter used by the calculation, with its value and where the value comes from
 */
export interface AbattementParameter {
  name: string;
  value: unknown;
  unit?: string;
  provenance: string;
}
export interface StressCase {
  rain_factor: number;
  site: StressSite;
  roofs: StressRoof[];
}
export interface StressSite {
  abattement: number;
  respectConsigneAbattement: number;
  to_sewer_m3_per_year: number;
}
export interface StressRoof {
  name: string;
  abattement: number | null;
}
/**
 * a measured daily series uploaded with the project: its files, station, period, the share of complete days, and its monthly means beside the normals of the project's station
 */
export interface MeasuredRain {
  /**
   * the series' identity (SHA-256 of its days), as the project names it
   */
  id: string;
  format: 'eccc' | 'meteofrance' | 'plain';
  /**
   * the names of the files uploaded
   */
  files: string[];
  /**
   * the station the files name (none in a plain file)
   */
  station: {
    id: string;
    name: string;
  } | null;
  /**
   * first day of the files (YYYY-MM-DD)
   */
  first: string;
  /**
   * last day of the files (YYYY-MM-DD)
   */
  last: string;
  /**
   * days with a usable precipitation over the days from first to last (%)
   */
  complete_share: number;
  /**
   * complete calendar years the balance ran on
   */
  years_used: number;
  first_year: number;
  last_year: number;
  /**
   * years of the period left out for a day without usable precipitation
   */
  years_left_out: number[];
  /**
   * days of the years used whose mean temperature the files give (the others take the station's normal)
   */
  temperature_days: number;
  used_days: number;
  /**
   * problems reported, by kind
   */
  counts: {
    [k: string]: number;
  };
  /**
   * January to December: the series' mean precipitation and days with at least 1 mm, and the station's normals
   */
  monthly: MeasuredMonth[];
}
export interface MeasuredMonth {
  series_mm: number;
  normal_mm: number;
  series_days: number;
  normal_days: number;
}
