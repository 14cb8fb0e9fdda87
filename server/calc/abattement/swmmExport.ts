/**
 * The abattement calculation's export (sm and smca) as an EPA SWMM 5.2 model (issue 39.2), in the words
 * of the project's messages (`sm.swmm.*`, `smca.swmm.*`). The model itself: swmm.ts.
 */
import type { AbattementResults } from '../../../words/results/abattement';
import type { ExportContext } from '../flow-limiter/swmmExport';
import type { StoredProject } from '../types';
import { abattementModel, type AbattementModel } from './abattement';
import { abattementInp, ASSUMED, greenRoofLayers, type SwmmWords } from './swmm';

const plain = (x: number, digits = 4) => String(Number(x.toPrecision(digits)));

/** The model of a calculated project and its words, or throws when the project cannot be calculated. */
export function abattementSwmmOf(
  p: StoredProject,
  results: AbattementResults,
  ctx: ExportContext,
): { model: AbattementModel; text: string } {
  const product = ctx.product === 'smca' ? 'smca' : 'skywater_manager';
  const ns = product === 'smca' ? 'smca' : 'sm';
  const t = (key: string, params?: Record<string, unknown>) => ctx.t(`${ns}.swmm.${key}`, params);
  const model = abattementModel(product, p, ctx.measured);
  if (!model) throw new Error('the project cannot be calculated');
  const a = ASSUMED;
  const { station } = model;
  const measured = results.measured;
  // a logger's readings at its step, rained as read (swmm.ts)
  const minutes = model.readings ? model.readings.step / 60 : null;
  const climate = measured
    ? t(minutes ? 'climate_readings' : 'climate_measured', {
        minutes,
        station: measured.station?.name ?? measured.files.join(', '),
        first: measured.first,
        last: measured.last,
        years: measured.years_used,
        files: measured.files.join(', '),
        normals: station.name,
      })
    : t('climate_generated', {
        station: station.name,
        period: station.period,
        source: station.source,
        years: model.series.years,
        first: a.first_year,
        last: a.first_year + model.series.years - 1,
      });
  // the years left out within the measured period, which SWMM's run goes through dry
  const gaps = measured
    ? measured.years_left_out.filter((y) => y > measured.first_year && y < measured.last_year)
    : [];
  const petMonthly = model.petDaily.map((x) => plain(x, 2)).join(' ');
  const words: SwmmWords = {
    title: [
      ctx.number === null ? ctx.name : t('title', { name: ctx.name, number: ctx.number }),
      t('method', { version: results.method.version }),
      climate,
    ],
    notes: [
      t('notes.model'),
      t('notes.climate', { source: station.source }),
      t('notes.soil', {
        wp: a.wilting_point,
        dp: a.drainable_porosity,
        k: a.conductivity_mm_h,
        slope: a.slope_percent,
        voids: a.drain_voids,
        n: a.drain_roughness,
        drain: a.drain_mm,
      }),
      minutes ? t('notes.rain_readings', { minutes, pet: petMonthly }) : t('notes.rain', { pet: petMonthly }),
      t('notes.snow', { melt: plain(model.melt) }),
      ...(gaps.length ? [t('notes.left_out', { years: gaps.join(', ') })] : []),
      t('notes.units'),
      t('notes.differ'),
      t('notes.report'),
    ],
    green: (name, lid) => {
      const i = model.surfaces.findIndex((s) => s.name === name);
      const l = model.layers[i]!;
      const g = greenRoofLayers(l);
      return t(g.thickened ? 'green_thickened' : 'green', {
        name,
        area: plain(model.surfaces[i]!.area),
        substrate: plain(l.substrate_mm),
        fraction: plain(l.substrate_fraction),
        drain: plain(l.drain_storage_mm),
        mat: plain(l.mat_mm),
        held: plain(g.held),
        thickness: plain(g.thickness),
        lid,
      });
    },
    bare: (name, storage) =>
      t('bare', {
        name,
        area: plain(model.surfaces.find((s) => s.name === name)?.area ?? 0),
        storage: plain(storage),
      }),
    ground: (name, type) => {
      const s = model.surfaces.find((x) => x.name === name)!;
      return t(s.infiltration > 0 ? 'ground_open' : 'ground_paved', {
        name,
        area: plain(s.area),
        type: ctx.t(`${ns}.ground_types.${type.toLowerCase()}`),
        loss: plain(s.capacity),
        rate: plain(s.infiltration),
      });
    },
    lid: (name) => t('lid', { name }),
    outfall: t('outfall'),
    gage: minutes ? t('gage_readings', { minutes }) : t(measured ? 'gage_measured' : 'gage_generated'),
    gageNote: t('gage_note'),
    lidUsageNote: t('lid_usage_note'),
    rain: minutes ? t('rain_readings', { minutes }) : t('rain'),
    temperature: t(measured && measured.temperature_days > 0 ? 'temperature_measured' : 'temperature'),
    snow: t('snow', { melt: plain(model.melt), hourly: plain(model.melt / 24) }),
  };
  return { model, text: abattementInp(model, words) };
}

/** The .inp text of a calculated sm or smca project. */
export function abattementSwmm(p: StoredProject, results: AbattementResults, ctx: ExportContext): string {
  return abattementSwmmOf(p, results, ctx).text;
}
