/**
 * The sl design as an EPA SWMM 5.2 model (issue 39, item 1): the file an engineer opens in SWMM or
 * PCSWMM to check the note and carry on the study, and that tests/swmm runs through SWMM 5.2.4 itself.
 *
 * Per roof a STORAGE node whose TABULAR curve is the water's plan area against its head on the
 * orifices: a sump of negligible area up to the recess (it starts full, as the method has the recess
 * standing on the orifices), then the roof's area times the layer's porosity through the layer, then
 * the whole area above it (each change of area over 0.01 mm). Per drain a bottom ORIFICE (CIRCULAR, the
 * sized diameter, the method's discharge coefficient) from the node's invert to its own FREE outfall
 * 1 m below (SWMM gives an outfall one inlet). The design storms of the note as TIMESERIES in mm/h, in
 * whole-minute steps (a 1 s ramp at each change, SWMM interpolating between its points), each roof's
 * runoff an external inflow scaled by its area and runoff coefficient to L/s; the storm of the verdict
 * is the one routed, the others are named in the inflow's comment. Options that reproduce level-pool
 * routing: kinematic wave, which routes a storage unit by its volume balance (SWMM's flowrout.c: the
 * volume at the step's end from the inflow and the outflow at its depth, the depth from the volume
 * through the curve), at a fixed 1 s step; reports every minute (the steps' ends, where the storages
 * peak). Dynamic wave was tried and left: it moves a node's depth by the volume over the node's area,
 * and across the sump's edge (its area 10,000 times smaller than the roof's) a step's depth overshoots
 * and its volume, read back from the curve, gains up to 3 % of the storm (a light rain that lets the
 * level sink into the sump, then a heavy one); kinematic wave keeps SWMM's continuity error at 0.
 */
import { inpClock, inpFile, type InpRow, type InpSection } from '../swmm/inp';
import type { StormKind } from '../../../words/results/flow-limiter';
import { limiterFlow } from './orifice';
import type { RoutedRoof } from './reservoir';
import type { Storm } from './storms';

/** A roof of the model: what the routing reads, and its name. */
export interface SwmmRoof extends RoutedRoof {
  name: string;
}

/** A design storm of the model: its kind, its words, its steps (minutes, mm/h). */
export interface SwmmStorm {
  kind: StormKind;
  label: string;
  steps: Storm['steps'];
}

/** Everything the model says: title lines, roofs, the orifice, the storms and which one is routed. */
export interface SwmmModel {
  title: string[];
  notes: string[];
  roofs: SwmmRoof[];
  /** orifice diameter (m), discharge coefficient, gravity (m/s2), runoff coefficient */
  diameter: number;
  cd: number;
  g: number;
  ca: number;
  storms: SwmmStorm[];
  routed: StormKind;
  /** how long the simulation runs (s) */
  seconds: number;
  /** the words of each object's description */
  words: {
    roof: (r: SwmmRoof) => string;
    drain: (r: SwmmRoof, n: number) => string;
    outfall: (r: SwmmRoof, n: number) => string;
    inflow: (r: SwmmRoof, others: string) => string;
    curve: (r: SwmmRoof) => string;
  };
}

/**
 * The area of a roof's sump below the recess (m2): 1e-4 of the roof's water area (its volume, 2e-6 m3 a
 * m2 under 20 mm, negligible), and at least what holds 2 s of the drains' outflow under the recess (a
 * sump one step empties breaks SWMM's volume balance: 4 % of continuity error at 1 s for a small roof
 * with ten drains). A storm whose light rain lets the level into the sump refills it before the roof's
 * water rises again: on a 5 m2 roof with two 10 mm drains, 0.2 % of its storage.
 */
export function sumpArea(r: RoutedRoof, outflowAtRecess: number): number {
  const recess = r.recess / 1000;
  return Math.max(1e-4 * r.surface * r.layer.porosity, recess > 0 ? (2 * outflowAtRecess) / recess : 0);
}
/** The height over which the plan area changes (m). */
const RAMP = 1e-5;

/** The storm's time series name: its kind and length, as SWMM takes a name (no space). */
export function seriesName(s: SwmmStorm): string {
  const minutes = s.steps.reduce((m, x) => Math.max(m, x.start + x.minutes), 0);
  return `${s.kind.toUpperCase()}_${minutes}MIN`;
}

/** A roof's curve: plan area (m2) against depth above the orifices (m), up to `top` m, its sump's area `sump`. */
function curve(r: RoutedRoof, top: number, sump: number): [number, number][] {
  const recess = r.recess / 1000;
  const L = r.layer.thickness / 1000;
  const points: [number, number][] = [];
  if (recess > 0) points.push([0, sump], [recess, sump]);
  const at = (depth: number, area: number) => points.push([depth, area]);
  if (L > 0) {
    at(recess > 0 ? recess + RAMP : 0, r.surface * r.layer.porosity);
    at(recess + L, r.surface * r.layer.porosity);
    at(recess + L + RAMP, r.surface);
  } else at(recess > 0 ? recess + RAMP : 0, r.surface);
  at(top, r.surface);
  return points;
}

/** The .inp text of a flow-limiter design. */
export function flowLimiterInp(m: SwmmModel): string {
  const ids = m.roofs.map((_, i) => `ROOF_${i + 1}`);
  const routed = m.storms.find((s) => s.kind === m.routed) ?? m.storms[0]!;
  const others = m.storms
    .filter((s) => s !== routed)
    .map(seriesName)
    .join(', ');
  const sumpOf = (r: RoutedRoof) =>
    sumpArea(r, r.drains * limiterFlow(m.diameter, r.recess / 1000, m.cd, m.g));
  const depthMax = (r: RoutedRoof) => Math.max(1, 4 * ((r.recess + r.layer.thickness) / 1000));
  const days = Math.floor(m.seconds / 86400);
  const options: [string, string | number][] = [
    ['FLOW_UNITS', 'LPS'],
    ['INFILTRATION', 'HORTON'],
    ['FLOW_ROUTING', 'KINWAVE'],
    ['LINK_OFFSETS', 'DEPTH'],
    ['MIN_SLOPE', 0],
    ['ALLOW_PONDING', 'NO'],
    ['SKIP_STEADY_STATE', 'NO'],
    ['IGNORE_RAINFALL', 'YES'],
    ['IGNORE_SNOWMELT', 'YES'],
    ['IGNORE_GROUNDWATER', 'YES'],
    ['IGNORE_RDII', 'YES'],
    ['IGNORE_QUALITY', 'YES'],
    ['START_DATE', '01/01/2000'],
    ['START_TIME', '00:00:00'],
    ['REPORT_START_DATE', '01/01/2000'],
    ['REPORT_START_TIME', '00:00:00'],
    ['END_DATE', `01/${String(1 + days).padStart(2, '0')}/2000`],
    ['END_TIME', inpClock(m.seconds - days * 86400)],
    ['SWEEP_START', '01/01'],
    ['SWEEP_END', '12/31'],
    ['DRY_DAYS', 0],
    ['REPORT_STEP', '00:01:00'],
    ['WET_STEP', '00:01:00'],
    ['DRY_STEP', '00:01:00'],
    ['ROUTING_STEP', 1],
    ['RULE_STEP', '00:00:00'],
    ['THREADS', 1],
  ];
  const storage: InpRow[] = m.roofs.map((r, i) => ({
    fields: [ids[i]!, 0, depthMax(r), r.recess / 1000, 'TABULAR', `${ids[i]}_AREA`, 0, 0],
    comment: m.words.roof(r),
  }));
  const drains = m.roofs.flatMap((r, i) => Array.from({ length: r.drains }, (_, j) => ({ r, i, j: j + 1 })));
  const outfalls: InpRow[] = drains.map(({ r, i, j }) => ({
    fields: [`${ids[i]}_OUT${j}`, -1, 'FREE', 'NO'],
    comment: m.words.outfall(r, j),
  }));
  const orifices: InpRow[] = drains.map(({ r, i, j }) => ({
    fields: [`${ids[i]}_D${j}`, ids[i]!, `${ids[i]}_OUT${j}`, 'BOTTOM', 0, m.cd, 'NO', 0],
    comment: m.words.drain(r, j),
  }));
  const xsections: InpRow[] = drains.map(({ i, j }) => ({
    fields: [`${ids[i]}_D${j}`, 'CIRCULAR', m.diameter, 0, 0, 0],
  }));
  const inflows: InpRow[] = m.roofs.map((r, i) => ({
    fields: [ids[i]!, 'FLOW', seriesName(routed), 'FLOW', 1, (m.ca * r.surface) / 3600],
    comment: m.words.inflow(r, others),
  }));
  const curves: InpRow[] = m.roofs.flatMap((r, i) =>
    curve(r, depthMax(r), sumpOf(r)).map(([depth, area], k) => ({
      fields: [`${ids[i]}_AREA`, k === 0 ? 'Storage' : '', depth, area],
      ...(k === 0 ? { comment: m.words.curve(r) } : {}),
    })),
  );
  const series: InpRow[] = m.storms.flatMap((s) => {
    const name = seriesName(s);
    const rows: InpRow[] = [];
    let last = 0;
    s.steps.forEach((x, k) => {
      // each change a 1 s ramp from the step before (SWMM's series are read between their points)
      rows.push({
        fields: [name, inpClock(x.start * 60 + (k ? 1 : 0)), x.mm_h],
        ...(k ? {} : { comment: s.label }),
      });
      rows.push({ fields: [name, inpClock((x.start + x.minutes) * 60), x.mm_h] });
      last = x.start + x.minutes;
    });
    rows.push({ fields: [name, inpClock(last * 60 + 1), 0] });
    return rows;
  });
  const coordinates: InpRow[] = [
    ...m.roofs.map((_, i) => ({ fields: [ids[i]!, 100 * i, 100] })),
    ...drains.map(({ i, j }) => ({ fields: [`${ids[i]}_OUT${j}`, 100 * i + 10 * (j - 1), 0] })),
  ];
  const sections: InpSection[] = [
    {
      name: 'OPTIONS',
      notes: m.notes,
      columns: ['Option', 'Value'],
      rows: options.map((o) => ({ fields: o })),
    },
    { name: 'OUTFALLS', columns: ['Name', 'Elevation', 'Type', 'Gated'], rows: outfalls },
    {
      name: 'STORAGE',
      columns: ['Name', 'Elev.', 'MaxDepth', 'InitDepth', 'Shape', 'Curve', 'SurDepth', 'Fevap'],
      rows: storage,
    },
    {
      name: 'ORIFICES',
      columns: ['Name', 'From Node', 'To Node', 'Type', 'Offset', 'Qcoeff', 'Gated', 'CloseTime'],
      rows: orifices,
    },
    { name: 'XSECTIONS', columns: ['Link', 'Shape', 'Geom1', 'Geom2', 'Geom3', 'Geom4'], rows: xsections },
    {
      name: 'INFLOWS',
      columns: ['Node', 'Constituent', 'Time Series', 'Type', 'Mfactor', 'Sfactor'],
      rows: inflows,
    },
    { name: 'CURVES', columns: ['Name', 'Type', 'X-Value', 'Y-Value'], rows: curves },
    { name: 'TIMESERIES', columns: ['Name', 'Time', 'Value'], rows: series },
    {
      name: 'REPORT',
      rows: [
        { fields: ['INPUT', 'NO'] },
        { fields: ['CONTROLS', 'NO'] },
        { fields: ['SUBCATCHMENTS', 'NONE'] },
        { fields: ['NODES', 'ALL'] },
        { fields: ['LINKS', 'ALL'] },
      ],
    },
    { name: 'COORDINATES', columns: ['Node', 'X-Coord', 'Y-Coord'], rows: coordinates },
  ];
  return inpFile(m.title, sections);
}
