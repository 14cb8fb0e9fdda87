/**
 * Flow-limiter sizing (CALCULATIONS.md A), for load-bearing concrete decks with 0 % slope (seed 000 §1).
 *
 * Choices where the method leaves one, as a hydraulic engineer would defend them:
 * - Volume by the méthode des pluies, roof by roof: each roof stores what its own rain brings beyond what
 *   its own limiters let out (its drains' share of the allowed leakage, Qf x count_i / N), so a large roof
 *   with few drains is not sized with the leakage of the others (method 1.1; before, the site volume was
 *   shared by area while the outflow went by drain count). The site volume is the sum.
 * - An imposed volume (retention_value, or hauteur_eau over the surface) is the site's: each roof takes
 *   V * S_i / A, capped by its volume_retention_max; what a capped roof cannot take goes to the others in
 *   proportion to their remaining capacity (water-filling, repeated until nothing moves).
 * - Water height: a roof's stored volume is an equivalent depth D = V_i / S_i. With Retentio the layer
 *   first holds its storage (L/m2 = mm) without raising the free water; the rest rises through the layer
 *   it stands in at that layer's porosity (gravel 0.30 over its thickness for GRAVILLON and MIXTE, the
 *   drainage layer of TTV and the reservoir of TOUNDRA_BOX with their product values), then stands free
 *   above it (DALLE_SUR_PLOT: free under the slabs). height_max is the water height above the
 *   waterproofing, height_total = height_max + the recess at the drain (the head on the orifice).
 * - Water load (kg/m2) for the structural check = D (every mm of water weighs 1 kg/m2).
 * - One orifice diameter for the whole project, sized so the limiter under the highest head lets exactly
 *   Qf / N through, rounded down to the millimetre (never more than allowed), never below the minimum.
 *   When the minimum lets more than Qf through, leakage_conform is false and the excess is reported.
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
  version: '1.1.0',
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
  /** false when the smallest orifice allowed lets more than the allowed leakage through */
  leakage_conform: boolean;
  /** how far the leakage is above the allowed one (%), 0 when conform */
  leakage_excess_pct: number;
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
  /** the layer the stored water rises through: thickness (mm) and porosity; none: free water */
  layer: { thickness: number; porosity: number };
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

/** Water height (mm) for an equivalent depth of free water `depth` mm rising through a layer `layer` mm thick of porosity `porosity`. */
export function waterHeight(depth: number, layer: number, porosity: number): number {
  if (depth <= 0) return 0;
  const inLayer = porosity * layer;
  return depth <= inLayer ? depth / porosity : layer + (depth - inLayer);
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
  r: {
    surface: number;
    volume: number;
    recess: number;
    layer: { thickness: number; porosity: number };
    count: number;
  },
  d: number,
): number {
  const cd = v('discharge_coefficient');
  const g = v('gravity_m_s2');
  let vol = r.volume;
  const dt = 60;
  let t = 0;
  while (vol > 1e-6 && t < 30 * 24 * 3600) {
    const depth = (vol / r.surface) * 1000;
    const head = (waterHeight(depth, r.layer.thickness, r.layer.porosity) + r.recess) / 1000;
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
  const layerOf = (form: Record<string, unknown>): Roof['layer'] => {
    const given = num(form.gravel_thickness);
    if (form.type === 'GRAVILLON' || form.type === 'MIXTE')
      return {
        thickness: Math.max(given ?? 0, param('gravel_min_thickness_mm')),
        porosity: param('gravel_porosity'),
      };
    if (form.type === 'TTV')
      return { thickness: param('layer_ttv_thickness_mm'), porosity: param('layer_ttv_porosity') };
    if (form.type === 'TOUNDRA_BOX')
      return {
        thickness: param('layer_toundra_box_thickness_mm'),
        porosity: param('layer_toundra_box_porosity'),
      };
    return { thickness: 0, porosity: 1 };
  };
  const roofs: Roof[] = formsOf(p, 'Toiture').map(({ form }, i) => {
    return {
      name: typeof form.name === 'string' && form.name ? form.name : `Toiture ${i + 1}`,
      surface: num(form.surface_retention)!,
      maxVolume: num(form.volume_retention_max),
      recess: num(form.hauteur) ?? 20,
      drains: (num(form.evac_horizontal) ?? 0) + (num(form.evac_vertical) ?? 0),
      retentio: form.retentio === true,
      layer: layerOf(form),
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
  const n = roofs.reduce((s, r) => s + r.drains, 0);
  let shares: number[];
  let volumeConform = true;
  if (site.max_retention === true && (retention !== null || height !== null)) {
    volume = retention ?? (height! / 100) * area;
    method = retention !== null ? 'retention_value' : 'hauteur_eau';
    const shared = shareVolume(volume, roofs);
    shares = shared.shares;
    if (shared.left > 1e-9) {
      volumeConform = false;
      warnings.push(
        `The roofs cannot hold ${round(shared.left, 1)} m3 of the ${round(volume, 1)} m3 to store.`,
      );
    }
  } else {
    const m = montanaFor(site.postcode);
    const ca = param('runoff_coefficient');
    const each = roofs.map((r) =>
      rainMethod({ a: m.a, b: m.b, ca, areaHa: r.surface / 10000, leakageLs: (qf * r.drains) / n }),
    );
    shares = each.map((x) => x.volume);
    volume = shares.reduce((s, x) => s + x, 0);
    critical = Math.max(...each.map((x) => x.criticalMinutes));
    method = 'methode_des_pluies';
    param('return_period_years');
    parameters.push({ name: 'montana_a', value: m.a, unit: 'mm/min^(1-b)', provenance: m.provenance });
    parameters.push({ name: 'montana_b', value: m.b, unit: '-', provenance: m.provenance });
    const outside = each.map((x) => x.criticalMinutes).filter((t) => t < m.validity[0] || t > m.validity[1]);
    if (outside.length)
      warnings.push(
        `The critical rain duration (${round(outside[0]!, 0)} min) is outside the validity of the Montana coefficients (${m.validity[0]} to ${m.validity[1]} min).`,
      );
    roofs.forEach((r, i) => {
      if (r.maxVolume !== null && shares[i]! > r.maxVolume + 1e-9) {
        volumeConform = false;
        warnings.push(
          `${r.name}: ${round(shares[i]!, 1)} m3 to store, more than its maximum of ${round(r.maxVolume, 1)} m3.`,
        );
      }
    });
  }

  const maxHeight = param('max_water_height_mm');
  const retentioMm = param('retentio_storage_l_m2');
  const perRoof = roofs.map((r, i) => {
    const depth = (shares[i]! / r.surface) * 1000;
    const free = Math.max(0, depth - (r.retentio ? retentioMm : 0));
    const h = waterHeight(free, r.layer.thickness, r.layer.porosity);
    const hWith = waterHeight(Math.max(0, depth - retentioMm), r.layer.thickness, r.layer.porosity);
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
  const heads = roofs.map((r, i) => (perRoof[i]!.h + r.recess) / 1000);
  const hMax = Math.max(...heads, 0.001);
  const exact = orificeDiameter(qf / 1000 / n, hMax, cd, g);
  const minD = param('min_orifice_diameter_mm');
  let dMm = Math.floor(exact * 1000 + 1e-9);
  if (dMm < minD) {
    dMm = minD;
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
        layer: r.layer,
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
  const excess = qf > 0 ? Math.max(0, (100 * (total - qf)) / qf) : 0;
  const leakageConform = total <= qf * (1 + 1e-9);
  if (!leakageConform)
    warnings.push(
      `The minimum orifice diameter (${minD} mm) lets ${round(total, 2)} L/s through, ${round(excess, 1)} % more than the allowed ${round(qf, 2)} L/s.`,
    );

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
      leakage_conform: leakageConform,
      leakage_excess_pct: round(excess, 1),
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
