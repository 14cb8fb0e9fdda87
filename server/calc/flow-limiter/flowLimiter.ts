/**
 * Flow-limiter sizing (CALCULATIONS.md A), for load-bearing concrete decks with 0 % slope (seed 000 §1).
 *
 * Choices where the method leaves one, as a hydraulic engineer would defend them:
 * - Volume sharing: each roof takes V * S_i / A, capped by its volume_retention_max; what a capped roof
 *   cannot take goes to the others in proportion to their remaining capacity (water-filling, repeated
 *   until nothing moves).
 * - Water height: a roof's stored volume is an equivalent depth D = V_i / S_i. With Retentio the layer
 *   first holds its storage (L/m2 = mm) without raising the free water; the rest fills the gravel voids
 *   (porosity 0.30) over the gravel thickness, then stands free above the gravel. height_max is the water
 *   height above the layer, height_total = height_max + the recess at the drain (the head on the orifice).
 * - Water load (kg/m2) for the structural check = D (every mm of water weighs 1 kg/m2).
 * - One orifice diameter for the whole project, sized so the limiter under the highest head lets exactly
 *   Qf / N through, rounded down to the millimetre (never more than allowed), never below the minimum.
 * - Emptying: each roof's free water drains through its limiters under a falling head (explicit time
 *   steps of one minute); the Retentio water stays (it leaves by evaporation).
 * - Height above the maximum makes the project not volume_conform; Retentio is recommended on a roof
 *   without it when it brings the height under the maximum.
 */
import articles from './articles.json' with { type: 'json' };
import montana from './montana.json' with { type: 'json' };
import params from './params.json' with { type: 'json' };
import {
  formsOf,
  num,
  round,
  type Outcome,
  type Reason,
  type StoredProject,
  type UsedParameter,
} from '../types';
import { orificeDiameter, orificeFlow } from './orifice';
import { rainMethod } from './rainMethod';

export const FLOW_LIMITER_METHOD = {
  name: 'flow-limiter sizing (méthode des pluies, orifice law)',
  version: '1.0.0',
};

type Param = { value: number; unit: string; provenance: string };
const P = params as unknown as Record<string, Param>;
const v = (k: string): number => P[k]!.value;

export interface Article {
  divalto_id: string;
  name: string;
  type: 'kit_slowli' | 'retentio';
  quantity: number;
  unit: string;
}

export interface Limiter {
  roof_name: string;
  count: number;
  height_max: number;
  height_total: number;
  height_decaisse: number;
  max_leakage: number;
  recommended_retentio: boolean;
  roof_surface: number;
  articles: Article[];
  volume: number;
  water_load: number;
  emptying_hours: number;
  height_conform: boolean;
}

export interface FlowLimiterResults {
  limiters: Limiter[];
  max_leakage: number;
  lsha: number;
  max_volume: number;
  diameter: number;
  volume_conform: boolean;
  retention_conform: boolean;
  method: typeof FLOW_LIMITER_METHOD;
  volume_method: 'retention_value' | 'hauteur_eau' | 'methode_des_pluies';
  critical_duration_min: number | null;
  allowed_leakage_l_s: number;
  leakage_rate_l_s_ha: number;
  warnings: string[];
  parameters: UsedParameter[];
  defaults_used: string[];
}

interface Roof {
  name: string;
  surface: number;
  maxVolume: number | null;
  recess: number;
  drains: number;
  retentio: boolean;
  gravel: number;
}

/** Everything that stops the calculation, each with its field. */
export function flowLimiterReasons(p: StoredProject): Reason[] {
  const reasons: Reason[] = [];
  const site = formsOf(p, 'Chantier')[0]?.form;
  if (!site)
    reasons.push({ code: 'missing_step', field: 'steps.Chantier', message: 'The site step is missing' });
  const roofs = formsOf(p, 'Toiture');
  if (roofs.length === 0)
    reasons.push({ code: 'no_roof', field: 'steps.Toiture', message: 'The project has no roof' });
  let drains = 0;
  roofs.forEach(({ form }, i) => {
    const at = `steps.Toiture.forms.${i}.form`;
    const s = num(form.surface_retention);
    if (s === null || s <= 0)
      reasons.push({
        code: 'missing_field',
        field: `${at}.surface_retention`,
        message: `Roof ${i + 1}: the retention surface must be greater than 0`,
      });
    const n = (num(form.evac_horizontal) ?? 0) + (num(form.evac_vertical) ?? 0);
    if (n <= 0)
      reasons.push({
        code: 'no_drain',
        field: `${at}.evac_horizontal`,
        message: `Roof ${i + 1}: a roof needs at least one drain`,
      });
    drains += Math.max(n, 0);
    const cap = num(form.volume_retention_max);
    if (cap !== null && cap < 0)
      reasons.push({
        code: 'invalid_value',
        field: `${at}.volume_retention_max`,
        message: `Roof ${i + 1}: the maximum volume cannot be negative`,
      });
  });
  if (roofs.length > 0 && drains <= 0)
    reasons.push({
      code: 'no_drain',
      field: 'steps.Toiture',
      message: 'The project needs at least one drain in total',
    });
  if (site) {
    if (site.max_fuite === true) {
      const q = num(site.fuite_value);
      if (q === null || q <= 0)
        reasons.push({
          code: 'missing_field',
          field: 'steps.Chantier.forms.0.form.fuite_value',
          message: 'The imposed leakage rate must be greater than 0',
        });
    }
    if (site.max_retention === true && num(site.retention_value) === null && num(site.hauteur_eau) === null)
      reasons.push({
        code: 'missing_field',
        field: 'steps.Chantier.forms.0.form.retention_value',
        message: 'Give the retention volume or the water height',
      });
  }
  return reasons;
}

/** Water height (mm) above the layer for an equivalent depth of free water `depth` mm over gravel `gravel` mm. */
export function waterHeight(depth: number, gravel: number, porosity: number): number {
  if (depth <= 0) return 0;
  const inGravel = porosity * gravel;
  return depth <= inGravel ? depth / porosity : gravel + (depth - inGravel);
}

/** Shares `total` m3 over roofs by surface, capped by their maxima; returns the shares and what is left over. */
export function shareVolume(
  total: number,
  roofs: { surface: number; maxVolume: number | null }[],
): { shares: number[]; left: number } {
  const shares = roofs.map(() => 0);
  let left = total;
  const open = new Set(roofs.map((_, i) => i));
  for (let pass = 0; pass < roofs.length + 1 && left > 1e-12 && open.size > 0; pass += 1) {
    const weight = [...open].reduce((s, i) => s + roofs[i]!.surface, 0);
    if (weight <= 0) break;
    let spill = 0;
    for (const i of [...open]) {
      const r = roofs[i]!;
      const want = shares[i]! + (left * r.surface) / weight;
      if (r.maxVolume !== null && want >= r.maxVolume) {
        spill += want - r.maxVolume;
        shares[i] = r.maxVolume;
        open.delete(i);
      } else shares[i] = want;
    }
    left = spill;
  }
  return { shares, left: Math.max(left, 0) };
}

/** Hours for `volume` m3 of free water on a roof to drain through `count` orifices of diameter d (m). */
export function emptyingHours(
  r: { surface: number; volume: number; recess: number; gravel: number; count: number },
  d: number,
): number {
  const porosity = v('gravel_porosity');
  const cd = v('discharge_coefficient');
  const g = v('gravity_m_s2');
  let vol = r.volume;
  const dt = 60;
  let t = 0;
  while (vol > 1e-6 && t < 30 * 24 * 3600) {
    const depth = (vol / r.surface) * 1000;
    const head = (waterHeight(depth, r.gravel, porosity) + r.recess) / 1000;
    const q = r.count * orificeFlow(d, head, cd, g);
    if (q <= 0) return Number.POSITIVE_INFINITY;
    vol -= q * dt;
    t += dt;
  }
  return t / 3600;
}

function montanaFor(postcode: unknown): {
  a: number;
  b: number;
  validity: [number, number];
  provenance: string;
} {
  const dept = String(postcode ?? '')
    .trim()
    .slice(0, 2);
  const sets = montana as unknown as {
    default: Record<string, { a: number; b: number; validity_min: [number, number]; provenance: string }>;
    departments: Record<
      string,
      Record<string, { a: number; b: number; validity_min: [number, number]; provenance: string }>
    >;
  };
  const T = String(v('return_period_years'));
  const s = sets.departments[dept]?.[T] ?? sets.default[T]!;
  return { a: s.a, b: s.b, validity: s.validity_min, provenance: s.provenance };
}

/** Sizes the flow limiters of a stored sl project, or lists why it cannot. */
export function calculateFlowLimiter(p: StoredProject): Outcome<FlowLimiterResults> {
  const reasons = flowLimiterReasons(p);
  if (reasons.length) return { ok: false, reasons };
  const site = formsOf(p, 'Chantier')[0]!.form;
  const warnings: string[] = [];
  const used = new Set<string>();
  const param = (k: string): number => {
    used.add(k);
    return v(k);
  };
  const roofs: Roof[] = formsOf(p, 'Toiture').map(({ form }, i) => {
    const gravelGiven = num(form.gravel_thickness);
    const gravel =
      form.type === 'GRAVILLON'
        ? Math.max(gravelGiven ?? 40, param('gravel_min_thickness_mm'))
        : (gravelGiven ?? 0);
    return {
      name: typeof form.name === 'string' && form.name ? form.name : `Toiture ${i + 1}`,
      surface: num(form.surface_retention)!,
      maxVolume: num(form.volume_retention_max),
      recess: num(form.hauteur) ?? 20,
      drains: (num(form.evac_horizontal) ?? 0) + (num(form.evac_vertical) ?? 0),
      retentio: form.retentio === true,
      gravel,
    };
  });
  const area = roofs.reduce((s, r) => s + r.surface, 0);
  const areaHa = area / 10000;
  const rate = site.max_fuite === true ? num(site.fuite_value)! : param('default_leakage_l_s_ha');
  const qf = rate * areaHa;

  let volume: number;
  let method: FlowLimiterResults['volume_method'];
  let critical: number | null = null;
  const parameters: UsedParameter[] = [];
  const retention = num(site.retention_value);
  const height = num(site.hauteur_eau);
  if (site.max_retention === true && retention !== null) {
    volume = retention;
    method = 'retention_value';
  } else if (site.max_retention === true && height !== null) {
    volume = (height / 100) * area;
    method = 'hauteur_eau';
  } else {
    const m = montanaFor(site.postcode);
    const r = rainMethod({ a: m.a, b: m.b, ca: param('runoff_coefficient'), areaHa, leakageLs: qf });
    volume = r.volume;
    critical = r.criticalMinutes;
    method = 'methode_des_pluies';
    param('return_period_years');
    parameters.push({ name: 'montana_a', value: m.a, unit: 'mm/min^(1-b)', provenance: m.provenance });
    parameters.push({ name: 'montana_b', value: m.b, unit: '-', provenance: m.provenance });
    if (critical < m.validity[0] || critical > m.validity[1])
      warnings.push(
        `The critical rain duration (${round(critical, 0)} min) is outside the validity of the Montana coefficients (${m.validity[0]} to ${m.validity[1]} min).`,
      );
  }

  const { shares, left } = shareVolume(volume, roofs);
  let volumeConform = left <= 1e-9;
  if (!volumeConform)
    warnings.push(`The roofs cannot hold ${round(left, 1)} m3 of the ${round(volume, 1)} m3 to store.`);
  const porosity = param('gravel_porosity');
  const maxHeight = param('max_water_height_mm');
  const retentioMm = param('retentio_storage_l_m2');
  const perRoof = roofs.map((r, i) => {
    const depth = (shares[i]! / r.surface) * 1000;
    const free = Math.max(0, depth - (r.retentio ? retentioMm : 0));
    const h = waterHeight(free, r.gravel, porosity);
    const hWith = waterHeight(Math.max(0, depth - retentioMm), r.gravel, porosity);
    return { depth, free, h, recommend: !r.retentio && h > maxHeight && hWith <= maxHeight };
  });
  perRoof.forEach((x, i) => {
    if (x.h > maxHeight) {
      volumeConform = false;
      warnings.push(
        `${roofs[i]!.name}: the water height (${round(x.h, 0)} mm) is above the maximum of ${maxHeight} mm.`,
      );
    }
  });

  const cd = param('discharge_coefficient');
  const g = param('gravity_m_s2');
  const n = roofs.reduce((s, r) => s + r.drains, 0);
  const heads = roofs.map((r, i) => (perRoof[i]!.h + r.recess) / 1000);
  const hMax = Math.max(...heads, 0.001);
  const exact = orificeDiameter(qf / 1000 / n, hMax, cd, g);
  const minD = param('min_orifice_diameter_mm');
  let dMm = Math.floor(exact * 1000 + 1e-9);
  if (dMm < minD) {
    dMm = minD;
    warnings.push(`The minimum orifice diameter (${minD} mm) lets more than the allowed leakage through.`);
  }
  const d = dMm / 1000;
  const kit = articles.kit_slowli;
  const ret = articles.retentio;
  const limiters: Limiter[] = roofs.map((r, i) => {
    const x = perRoof[i]!;
    const leak = r.drains * orificeFlow(d, heads[i]!, cd, g) * 1000;
    const hours = emptyingHours(
      {
        surface: r.surface,
        volume: (x.free / 1000) * r.surface,
        recess: r.recess,
        gravel: r.gravel,
        count: r.drains,
      },
      d,
    );
    const arts: Article[] = [
      { divalto_id: kit.divalto_id, name: kit.name, type: 'kit_slowli', quantity: r.drains, unit: kit.unit },
    ];
    if (r.retentio || x.recommend)
      arts.push({
        divalto_id: ret.divalto_id,
        name: ret.name,
        type: 'retentio',
        quantity: r.surface,
        unit: ret.unit,
      });
    return {
      roof_name: r.name,
      count: r.drains,
      height_max: round(x.h, 1),
      height_total: round(x.h + r.recess, 1),
      height_decaisse: r.recess,
      max_leakage: round(leak, 2),
      recommended_retentio: x.recommend,
      roof_surface: r.surface,
      articles: arts,
      volume: round(shares[i]!, 2),
      water_load: round(x.depth, 1),
      emptying_hours: round(hours, 1),
      height_conform: x.h <= maxHeight,
    };
  });
  const emptyLimit = param('max_emptying_hours');
  const retentionConform = limiters.every((l) => l.emptying_hours <= emptyLimit);
  if (!retentionConform) warnings.push(`A roof takes more than ${emptyLimit} h to empty.`);
  const total = roofs.reduce((s, r, i) => s + r.drains * orificeFlow(d, heads[i]!, cd, g) * 1000, 0);
  for (const k of used)
    parameters.push({ name: k, value: P[k]!.value, unit: P[k]!.unit, provenance: P[k]!.provenance });
  return {
    ok: true,
    results: {
      limiters,
      max_leakage: round(total, 2),
      lsha: round(total / areaHa, 2),
      max_volume: Math.round(volume),
      diameter: dMm,
      volume_conform: volumeConform,
      retention_conform: retentionConform,
      method: FLOW_LIMITER_METHOD,
      volume_method: method,
      critical_duration_min: critical === null ? null : round(critical, 1),
      allowed_leakage_l_s: round(qf, 3),
      leakage_rate_l_s_ha: rate,
      warnings,
      parameters,
      defaults_used: parameters.filter((x) => x.provenance.startsWith('default')).map((x) => x.name),
    },
  };
}
