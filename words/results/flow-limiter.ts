/**
 * Generated from server/calc/flow-limiter/results.schema.json by `npm run results:types`:
 * edit the schema, not this file (tests/calc/resultsContract.test.ts fails when it is stale).
 */

export type StormKind = 'block' | 'chicago' | 'desbordes';
/**
 * @minItems 2
 */
export type Range = [number, number];
/**
 * the storm of the site's largest peak outflow (method 1.4 on)
 */
export type StormKind1 = 'block' | 'chicago' | 'desbordes';

/**
 * The results of a flow-limiter sizing (CALCULATIONS.md A, method 1.2).
 */
export interface FlowLimiterResults {
  limiters: Limiter[];
  /**
   * routed peak outflow of the site (L/s)
   */
  max_leakage: number;
  /**
   * routed peak outflow per hectare (L/s/ha)
   */
  lsha: number;
  /**
   * design volume of the site (m3): the sum of the roofs'
   */
  max_volume: number;
  /**
   * the orifice diameter (mm): always calculated; the calculate route leaves it out for a caller who is not an admin
   */
  diameter?: number;
  volume_conform: boolean;
  retention_conform: boolean;
  /**
   * false when the routed peak outflow exceeds the allowed leakage (the minimum orifice forced it)
   */
  leakage_conform: boolean;
  /**
   * how far the leakage is above the allowed one (%), 0 when conform
   */
  leakage_excess_pct: number;
  method: Method;
  /**
   * what fixes the imposed volume, or methode_des_pluies when none is imposed
   */
  volume_method: 'retention_value' | 'hauteur_eau' | 'methode_des_pluies';
  /**
   * the méthode des pluies volume of the site (m3), always computed
   */
  method_volume: number;
  /**
   * the imposed volume (m3), null without one
   */
  imposed_volume: number | null;
  critical_duration_min: number;
  /**
   * the routing check of the design: the site's peak outflow under the block rains, and its storm
   */
  routing: RoutingCheck | null;
  rain: RainSet;
  allowed_leakage_l_s: number;
  leakage_rate_l_s_ha: number;
  verdict: Verdict;
  warnings: Finding[];
  parameters: UsedParameter[];
  defaults_used: string[];
}
export interface Limiter {
  roof_name: string;
  count: number;
  /**
   * water height (mm) of the design volume: the routed peak, or the imposed share when larger
   */
  height_max: number;
  height_total: number;
  height_decaisse: number;
  /**
   * the roof's routed outflow (L/s) at the site's critical storm
   */
  max_leakage: number;
  recommended_retentio: boolean;
  roof_surface: number;
  articles: Article[];
  /**
   * design volume (m3)
   */
  volume: number;
  water_load: number;
  emptying_hours: number;
  height_conform: boolean;
  /**
   * the méthode des pluies volume of the roof (m3)
   */
  method_volume: number;
  /**
   * the méthode des pluies height of the roof (mm)
   */
  method_height_max: number;
  /**
   * the routing check: the roof's own peak storage (m3)
   */
  routed_volume: number | null;
  /**
   * the height of the routed peak (mm)
   */
  routed_height_max: number | null;
  /**
   * the storm duration that gives the routed peak (min)
   */
  routed_duration_min: number | null;
  /**
   * the routing check: the storm that brings the roof's own peak storage (method 1.4 on), null without the check
   */
  routed_storm?: StormKind | null;
  /**
   * the roof's share of an imposed volume (m3), null without one
   */
  imposed_volume: number | null;
}
export interface Article {
  divalto_id: string;
  name: string;
  type: 'kit_slowli' | 'retentio';
  quantity: number;
  unit: string;
}
/**
 * the method's name and version
 */
export interface Method {
  name: string;
  version: string;
}
export interface RoutingCheck {
  peak_outflow_l_s: number;
  critical_duration_min: number;
  durations_min: Range;
  /**
   * each design storm routed through the orifices kept (method 1.4 on; results stored before do not have it): the worst block rain, the Chicago storm, the Desbordes double triangle
   */
  storms?: StormCheck[];
  governing?: StormKind1;
}
export interface StormCheck {
  kind: StormKind;
  /**
   * the block rain's duration, or the whole storm's (minutes)
   */
  duration_min: number;
  /**
   * the Desbordes storm's intense period (minutes), else null
   */
  intense_min: number | null;
  /**
   * the site's peak outflow under this storm (L/s)
   */
  peak_outflow_l_s: number;
  /**
   * that peak over the allowed leakage (1: at the permit)
   */
  permit_share: number;
  /**
   * the roofs' peak storages under this storm, added up (m3)
   */
  volume: number;
}
/**
 * the design rain: a Montana set, `validity_min` the durations (minutes) it was fitted on
 */
export interface RainSet {
  /**
   * published: from montana.json (default or the département's); typed: entered in the site step
   */
  source: 'published' | 'typed';
  a: number;
  b: number;
  validity_min: Range;
  return_period_years: number;
  /**
   * the département whose regional set was used, or null
   */
  department: string | null;
  /**
   * where the coefficients come from: the data file's provenance, or the document the user named
   */
  provenance: string;
  /**
   * the document the user named for typed coefficients (null for a published set)
   */
  reference: string | null;
}
/**
 * a design's verdict; `rule` is the message key stating what the verdict checks
 */
export interface Verdict {
  status: 'conform' | 'reservations' | 'not_conform';
  rule: string;
  findings: Finding[];
}
/**
 * one finding of a verdict: a message key of the calculator's messages files and its parameters
 */
export interface Finding {
  code: string;
  severity: 'reservation' | 'not_conform';
  message: string;
  params: {
    [k: string]: string | number;
  };
}
/**
 * a parameter used by a calculation, with its value and where the value comes from
 */
export interface UsedParameter {
  name: string;
  value: unknown;
  unit?: string;
  provenance: string;
}
