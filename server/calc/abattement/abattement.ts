/**
 * The abattement water balance (CALCULATIONS.md B) for sm and smca projects: station lookup, the weather
 * generator, PET, the daily balance of every roof and ground with the spills traced to the sewer, snow.
 *
 * Storage capacity of a roof (mm): substrate thickness x the substrate's retention fraction + the drain
 * layer's storage + the retention mat (smca); AUTOPROTEGE and GRAVILLON roofs hold only a small surface
 * storage; an intensive smca roof without a given substrate takes a default depth. Grounds: PLEINE_TERRE
 * infiltrates up to a daily capacity above an initial loss, ESPACE_AMENAGE only has its initial loss.
 * Every parameter comes from params.json with its provenance; the results list the defaults used.
 */
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
import { runBalance, topologicalOrder, type Surface } from './balance';
import { stationPet } from './pet';
import { stationForPostcode, stationForRainRegion, wetDaysOf, type Station } from './stations';
import { DAYS_IN_MONTH, stationSeries } from './weather';

export const ABATTEMENT_METHOD = {
  name: 'daily water balance over a synthetic rain series (WGEN)',
  version: '1.0.0',
};

type Q = { value: number; provenance: string };
const PARAMS = params as unknown as Record<string, Q & Record<string, Q>>;

export interface MonthResult {
  abattement: number;
  respectConsigneAbattement: number;
}

export interface AbattementResults {
  toitureResults: {
    toiture: { name: string };
    monthlyResults: MonthResult[];
    annual: MonthResult;
    capacity_mm: number;
  }[];
  pluviometrie: { pluie_precipite: number; evenements_pluvieux: number }[];
  site: { abattement: number; rain_m3: number; to_sewer_m3: number; et_m3: number; infiltration_m3: number };
  station: { id: string; name: string; period: string; source: string };
  years: number;
  target_mm: number | null;
  method: typeof ABATTEMENT_METHOD;
  pet_method: string;
  balance: {
    name: string;
    precipitation_m3: number;
    inflow_m3: number;
    outflow_m3: number;
    to_sewer_m3: number;
    et_m3: number;
    infiltration_m3: number;
    storage_end_m3: number;
    snow_end_m3: number;
  }[];
  parameters: UsedParameter[];
  defaults_used: string[];
}

type Product = 'skywater_manager' | 'smca';
const BARE = ['AUTOPROTEGE', 'GRAVILLON'];
const INTENSIVE = ['INTENSIF', 'INTENSIVE'];

class Params {
  readonly used = new Map<string, UsedParameter>();
  get(group: string, key?: string): number {
    const g = PARAMS[group]!;
    const q = (key === undefined ? g : (g as Record<string, Q>)[key]) as Q | undefined;
    if (!q || typeof q.value !== 'number') throw new Error(`no parameter ${group}${key ? `.${key}` : ''}`);
    const name = key === undefined ? group : `${group}.${key}`;
    this.used.set(name, { name, value: q.value, provenance: q.provenance });
    return q.value;
  }
  has(group: string, key: string): boolean {
    return typeof (PARAMS[group] as Record<string, Q> | undefined)?.[key]?.value === 'number';
  }
}

interface Parsed {
  station: Station;
  target: number | null;
  surfaces: Surface[];
  order: number[];
}

function parse(
  product: Product,
  p: StoredProject,
  prm: Params,
): { ok: true; parsed: Parsed } | { ok: false; reasons: Reason[] } {
  const reasons: Reason[] = [];
  const site = formsOf(p, 'Chantier')[0]?.form ?? {};
  const station =
    product === 'smca' ? stationForRainRegion(site.rain_region) : stationForPostcode(site.postcode);
  if (!station)
    reasons.push(
      product === 'smca'
        ? {
            code: 'unknown_region',
            field: 'steps.Chantier.forms.0.form.rain_region',
            message: `Unknown rain region '${String(site.rain_region ?? '')}': choose Québec, Montréal, Toronto, Ottawa or Vancouver`,
          }
        : {
            code: 'unknown_postcode',
            field: 'steps.Chantier.forms.0.form.postcode',
            message: `No climate station for the postcode '${String(site.postcode ?? '')}' (metropolitan France only)`,
          },
    );
  const target = site.constraints === true ? num(site.millimeters) : null;
  if (site.constraints === true && (target === null || target < 0))
    reasons.push({
      code: 'missing_field',
      field: 'steps.Chantier.forms.0.form.millimeters',
      message: 'Give the rainfall depth to retain',
    });
  const surfaces: Surface[] = [];
  const uuidIndex = new Map<string, number>();
  const roofs = formsOf(p, 'Toiture');
  if (roofs.length === 0)
    reasons.push({ code: 'no_roof', field: 'steps.Toiture', message: 'The project has no roof' });
  roofs.forEach(({ form, uuid }, i) => {
    const at = `steps.Toiture.forms.${i}.form`;
    const name = typeof form.name === 'string' && form.name ? form.name : `Toiture ${i + 1}`;
    const area = num(form.surface);
    if (area === null || area <= 0)
      reasons.push({
        code: 'missing_field',
        field: `${at}.surface`,
        message: `${name}: the surface must be greater than 0`,
      });
    const system = typeof form.system === 'string' ? form.system : '';
    if (!prm.has('crop_coefficient', system)) {
      reasons.push({ code: 'missing_field', field: `${at}.system`, message: `${name}: choose a system` });
      return;
    }
    let capacity = 0;
    if (product === 'skywater_manager' && BARE.includes(system))
      capacity = prm.get('bare_roof_storage_mm', system);
    else {
      const sub = typeof form.substrat === 'string' ? form.substrat : null;
      const stroke = num(form.substrat_stroke);
      if (product === 'smca' && INTENSIVE.includes(system) && (!sub || stroke === null)) {
        capacity += prm.get('intensive_default_substrate_mm') * prm.get('substrate_retention_fraction', 'P');
      } else if (!sub || !prm.has('substrate_retention_fraction', sub) || stroke === null || stroke <= 0) {
        reasons.push({
          code: 'missing_field',
          field: `${at}.substrat`,
          message: `${name}: give the substrate and its thickness`,
        });
      } else capacity += stroke * 10 * prm.get('substrate_retention_fraction', sub);
      const drain = typeof form.drain === 'string' ? form.drain : null;
      if (product === 'skywater_manager') {
        const ds = num(form.drain_stroke);
        if (!drain || !prm.has('drain_storage_per_mm_of_thickness', drain) || ds === null)
          reasons.push({
            code: 'missing_field',
            field: `${at}.drain`,
            message: `${name}: give the drain layer and its thickness`,
          });
        else capacity += ds * 10 * prm.get('drain_storage_per_mm_of_thickness', drain);
      } else {
        if (drain && prm.has('ca_drain_storage_mm', drain)) capacity += prm.get('ca_drain_storage_mm', drain);
        else if (!INTENSIVE.includes(system))
          reasons.push({ code: 'missing_field', field: `${at}.drain`, message: `${name}: choose a drain` });
        if (form.sopraretentio_mat === true) capacity += prm.get('retention_mat_mm');
      }
    }
    uuidIndex.set(uuid, surfaces.length);
    surfaces.push({
      name,
      roof: true,
      area: area ?? 0,
      capacity,
      kc: prm.get('crop_coefficient', system),
      infiltration: 0,
      to: -1,
    });
  });
  const groundsOpen = p.steps.Sol?.condition_value !== false;
  (groundsOpen ? formsOf(p, 'Sol') : []).forEach(({ form, uuid }, i) => {
    const at = `steps.Sol.forms.${i}.form`;
    const name = typeof form.name === 'string' && form.name ? form.name : `Sol ${i + 1}`;
    const area = num(form.surface);
    if (area === null || area <= 0)
      reasons.push({
        code: 'missing_field',
        field: `${at}.surface`,
        message: `${name}: the surface must be greater than 0`,
      });
    const type = typeof form.type === 'string' ? form.type : '';
    if (!prm.has('ground_infiltration_mm_per_day', type)) {
      reasons.push({ code: 'missing_field', field: `${at}.type`, message: `${name}: choose a ground type` });
      return;
    }
    uuidIndex.set(uuid, surfaces.length);
    surfaces.push({
      name,
      roof: false,
      area: area ?? 0,
      capacity: prm.get('ground_initial_loss_mm', type),
      kc: 1,
      infiltration: prm.get('ground_infiltration_mm_per_day', type),
      to: -1,
    });
  });
  formsOf(p, 'Deversement').forEach(({ form }, i) => {
    const src = form.source as { uuid?: unknown } | string | null | undefined;
    const dst = form.destination as { uuid?: unknown } | string | null | undefined;
    const srcUuid = typeof src === 'string' ? src : typeof src?.uuid === 'string' ? src.uuid : `Toiture${i}`;
    const from = uuidIndex.get(srcUuid);
    if (from === undefined) return;
    if (dst === null || dst === undefined || dst === 'Égouts' || dst === '') return;
    const dstUuid = typeof dst === 'string' ? dst : typeof dst.uuid === 'string' ? dst.uuid : '';
    const to = uuidIndex.get(dstUuid);
    if (to === undefined) {
      reasons.push({
        code: 'unknown_destination',
        field: `steps.Deversement.forms.${i}.form.destination`,
        message: `${surfaces[from]!.name}: its spill destination does not exist`,
      });
      return;
    }
    surfaces[from]!.to = to;
  });
  const topo = topologicalOrder(surfaces);
  if ('loop' in topo)
    reasons.push({
      code: 'spill_loop',
      field: 'steps.Deversement',
      message: `The spills make a loop: ${topo.loop.join(' -> ')} -> ${topo.loop[0]}`,
    });
  if (reasons.length || !station || 'loop' in topo) return { ok: false, reasons };
  return { ok: true, parsed: { station, target, surfaces, order: topo.order } };
}

const pct = (x: number): number => round(Math.min(100, Math.max(0, x)), 1);

/** Runs the abattement calculation of a stored sm (skywater_manager) or smca project, or lists why it cannot. */
export function calculateAbattement(product: Product, p: StoredProject): Outcome<AbattementResults> {
  const prm = new Params();
  const r = parse(product, p, prm);
  if (!r.ok) return r;
  const { station, target, surfaces, order } = r.parsed;
  const years = prm.get('years');
  const wetDay = prm.get('wet_day_mm');
  const wet = wetDaysOf(station);
  const series = stationSeries(
    { id: station.id, lat: station.lat, precip_mm: station.precip_mm, wet_days: wet, temp_c: station.temp_c },
    years,
    wetDay,
  );
  const { pet, method: petMethod } = stationPet(station);
  const petDaily = pet.map((x, m) => x / DAYS_IN_MONTH[m]!);
  const b = runBalance(
    surfaces,
    order,
    series,
    petDaily,
    target,
    prm.get('snow_melt_mm_per_degree_day'),
    wetDay,
  );
  const roofs = surfaces.filter((s) => s.roof);
  const toitureResults = roofs.map((s, i) => {
    const rain = b.roofMonthRain[i]!;
    const sewer = b.roofMonthSewer[i]!;
    const rainy = b.roofMonthRainyDays[i]!;
    const ok = b.roofMonthRespected[i]!;
    const monthlyResults = Array.from({ length: 12 }, (_, m) => ({
      abattement: rain[m]! > 0 ? pct(100 * (1 - sewer[m]! / rain[m]!)) : 100,
      respectConsigneAbattement: rainy[m]! > 0 ? pct((100 * ok[m]!) / rainy[m]!) : 100,
    }));
    const sum = (a: Float64Array) => a.reduce((x, y) => x + y, 0);
    return {
      toiture: { name: s.name },
      monthlyResults,
      annual: {
        abattement: pct(100 * (1 - sum(sewer) / Math.max(sum(rain), 1e-12))),
        respectConsigneAbattement: sum(rainy) > 0 ? pct((100 * sum(ok)) / sum(rainy)) : 100,
      },
      capacity_mm: round(s.capacity, 1),
    };
  });
  const m3 = (l: number) => round(l / 1000 / years, 3);
  const totalRain = b.totals.reduce((s, t) => s + t.precipitation, 0);
  const totalSewer = b.totals.reduce((s, t) => s + t.toSewer, 0);
  const parameters = [...prm.used.values()];
  return {
    ok: true,
    results: {
      toitureResults,
      pluviometrie: station.precip_mm.map((x, m) => ({ pluie_precipite: x, evenements_pluvieux: wet[m]! })),
      site: {
        abattement: pct(100 * (1 - totalSewer / Math.max(totalRain, 1e-12))),
        rain_m3: m3(totalRain),
        to_sewer_m3: m3(totalSewer),
        et_m3: m3(b.totals.reduce((s, t) => s + t.et, 0)),
        infiltration_m3: m3(b.totals.reduce((s, t) => s + t.infiltration, 0)),
      },
      station: { id: station.id, name: station.name, period: station.period, source: station.source },
      years,
      target_mm: target,
      method: ABATTEMENT_METHOD,
      pet_method: petMethod,
      balance: surfaces.map((s, i) => {
        const t = b.totals[i]!;
        const v = (l: number) => l / 1000;
        return {
          name: s.name,
          precipitation_m3: v(t.precipitation),
          inflow_m3: v(t.inflow),
          outflow_m3: v(t.outflow),
          to_sewer_m3: v(t.toSewer),
          et_m3: v(t.et),
          infiltration_m3: v(t.infiltration),
          storage_end_m3: v(t.storageEnd),
          snow_end_m3: v(t.snowEnd),
        };
      }),
      parameters,
      defaults_used: parameters.filter((x) => x.provenance.startsWith('default')).map((x) => x.name),
    },
  };
}
