/**
 * The abattement calculation's export as an EPA SWMM 5.2 model (issue 39.2): the sm or smca site as SWMM
 * reads it, in SI units (LPS, mm, ha, m) whatever the project's unit system, for an engineer to open in
 * SWMM or PCSWMM and continue.
 *
 * - Each green roof is a subcatchment wholly covered by one GREEN ROOF LID unit (surface, soil, drainage
 *   mat). The soil holds against drainage, between its wilting point and its field capacity, exactly the
 *   water the balance's roof holds (substrate x its retention fraction + the drain layer's water + the
 *   retention mat): SWMM's green roof only drains its drainage mat, so the water a drain board keeps in
 *   its cups is counted in the soil. What the product does not hold is assumed (ASSUMED below, written in
 *   the file's comments): wilting point, drainable porosity, conductivity, the mat's voids and roughness,
 *   the slope.
 * - A bare roof (self-protected membrane, gravel) is an impervious subcatchment whose depression storage
 *   is the balance's storage.
 * - A ground in open soil is a pervious subcatchment: depression storage = the balance's initial loss,
 *   Horton infiltration at a constant rate = its daily capacity spread over 24 h (the daily rain falls
 *   evenly over its day). A paved or landscaped ground with no infiltration is an impervious one.
 * - A spill is the subcatchment's outlet set to the receiving subcatchment (runon, which a wholly-LID
 *   subcatchment passes to its LID unit); the others drain to one free outfall, the sewer.
 * - The rain is the project's daily series (generated or measured) as a VOLUME gage of 24 h interval,
 *   one entry per wet day (a generated year has 365 days: its 29 February, where the calendar has one,
 *   is dry); a logger's readings at a fixed step, when the series keeps them, are rained as read
 *   instead (a VOLUME gage of the logger's interval, one entry per wet interval: the same days' totals,
 *   SWMM's routing seeing their intensities); evaporation is the station's monthly PET per day; the daily
 *   mean temperatures (the series' own, or the normals interpolated) drive SWMM's snow on the grounds, whose snowpack melts at the
 *   balance's degree-day rate. SWMM keeps no snowpack on an LID: the snow falling on a green roof enters
 *   its layers at once.
 */
import { inpClock, inpFile, inpNumber, type InpRow, type InpSection } from '../swmm/inp';
import type { AbattementModel } from './abattement';

/** The assumptions the model makes where the product holds no figure (written in the file's comments). */
export const ASSUMED = {
  wilting_point: 0.05,
  /** porosity above field capacity (the water that drains) */
  drainable_porosity: 0.1,
  /** the most the soil's porosity may be: a thicker soil holds the water beyond it */
  max_porosity: 0.95,
  conductivity_mm_h: 100,
  conductivity_slope: 40,
  suction_mm: 50,
  surface_roughness: 0.15,
  slope_percent: 1,
  /** the drainage mat where the project does not give its thickness (smca), its voids and roughness */
  drain_mm: 10,
  drain_voids: 0.5,
  drain_roughness: 0.03,
  /** Manning's n of paved and open ground */
  n_impervious: 0.012,
  n_pervious: 0.15,
  /** the year a generated series' first year is given */
  first_year: 2001,
} as const;

/** The model's words, from the project's messages. */
export interface SwmmWords {
  title: string[];
  notes: string[];
  green: (name: string, layers: string) => string;
  bare: (name: string, storage: number) => string;
  ground: (name: string, type: string) => string;
  lid: (name: string) => string;
  outfall: string;
  gage: string;
  /** how to rain one's own record on the model (under [RAINGAGES]) */
  gageNote: string;
  /** that a green roof's area is written twice (under [LID_USAGE]) */
  lidUsageNote: string;
  rain: string;
  temperature: string;
  snow: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A time of day or an interval as SWMM's HH:MM (whole minutes). */
const hoursMinutes = (seconds: number) =>
  `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}`;
/** SWMM's date (MM/DD/YYYY) of a day of the series. */
const dateOf = (y: number, month: number, day: number) => `${pad(month + 1)}/${pad(day)}/${y}`;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Each day of the series as (year, month, day of month), in order. */
function calendarOf(m: AbattementModel): { y: number; mo: number; d: number }[] {
  const out: { y: number; mo: number; d: number }[] = [];
  const years = m.measuredYears ?? Array.from({ length: m.series.years }, (_, k) => ASSUMED.first_year + k);
  for (const y of years)
    for (let mo = 0; mo < 12; mo += 1) {
      const days = MONTH_DAYS[mo]! + (mo === 1 && m.measuredYears && isLeap(y) ? 1 : 0);
      for (let d = 1; d <= days; d += 1) out.push({ y, mo, d });
    }
  if (out.length !== m.series.precip.length)
    throw new Error(`${out.length} calendar days for ${m.series.precip.length} days of series`);
  return out;
}

/** The soil and mat of a green roof, from its layers (mm, fractions). */
export function greenRoofLayers(l: NonNullable<AbattementModel['layers'][number]>) {
  const held = l.substrate_mm * l.substrate_fraction + l.drain_storage_mm + l.mat_mm;
  const a = ASSUMED;
  // the soil holds `held` between wilting point and field capacity; too thin a substrate for it (a
  // field capacity past the porosity's bound) is thickened to hold it
  const room = a.max_porosity - a.drainable_porosity - a.wilting_point;
  const thickness = Math.max(l.substrate_mm, held / room);
  const fieldCapacity = a.wilting_point + held / thickness;
  return {
    held,
    thickness,
    thickened: thickness > l.substrate_mm,
    wiltingPoint: a.wilting_point,
    fieldCapacity,
    porosity: fieldCapacity + a.drainable_porosity,
    drain: l.drain_mm && l.drain_mm > 0 ? l.drain_mm : a.drain_mm,
  };
}

/** Subcatchment names: S1, S2 ... (short, unique, free of spaces; the project's names are in the comments). */
export const subcatchmentName = (i: number) => `S${i + 1}`;
export const OUTFALL = 'SEWER';

/** The .inp text of the model. */
export function abattementInp(m: AbattementModel, words: SwmmWords): string {
  const a = ASSUMED;
  const days = calendarOf(m);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const end = new Date(Date.UTC(last.y, last.mo, last.d + 1));
  const num = (x: number) => inpNumber(x, 6);
  const readings = m.readings;
  // SWMM shortens its wet and routing steps to a rain gauge's interval, with a warning each: asked for
  const wetStep = Math.min(900, readings?.step ?? 900);

  const options: InpSection = {
    name: 'OPTIONS',
    columns: ['Option', 'Value'],
    rows: [
      ['FLOW_UNITS', 'LPS'],
      ['INFILTRATION', 'HORTON'],
      ['FLOW_ROUTING', 'STEADY'],
      ['LINK_OFFSETS', 'DEPTH'],
      ['FORCE_MAIN_EQUATION', 'H-W'],
      ['IGNORE_RAINFALL', 'NO'],
      ['IGNORE_SNOWMELT', 'NO'],
      ['IGNORE_GROUNDWATER', 'YES'],
      ['ALLOW_PONDING', 'NO'],
      ['SKIP_STEADY_STATE', 'NO'],
      ['START_DATE', dateOf(first.y, first.mo, first.d)],
      ['START_TIME', '00:00:00'],
      ['REPORT_START_DATE', dateOf(first.y, first.mo, first.d)],
      ['REPORT_START_TIME', '00:00:00'],
      ['END_DATE', dateOf(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate())],
      ['END_TIME', '00:00:00'],
      ['SWEEP_START', '01/01'],
      ['SWEEP_END', '12/31'],
      ['DRY_DAYS', '0'],
      ['REPORT_STEP', '24:00:00'],
      ['WET_STEP', inpClock(wetStep).padStart(8, '0')],
      ['DRY_STEP', '06:00:00'],
      ['ROUTING_STEP', String(wetStep)],
      ['THREADS', '1'],
    ].map((fields) => ({ fields })),
  };

  const evaporation: InpSection = {
    name: 'EVAPORATION',
    columns: ['Data Source', 'Parameters'],
    rows: [{ fields: ['MONTHLY', ...m.petDaily.map((x) => num(x))] }, { fields: ['DRY_ONLY', 'NO'] }],
  };

  // the daily mean temperatures at noon (SWMM interpolates between them), and the snow's split and melt
  const melt = m.melt / 24;
  const temperature: InpSection = {
    name: 'TEMPERATURE',
    columns: ['Data Element', 'Values'],
    rows: [
      { fields: ['TIMESERIES', 'TEMPERATURE'] },
      { fields: ['SNOWMELT', 0, 0.5, 0.6, 0, num(m.station.lat), 0] },
    ],
  };

  const gage: InpSection = {
    name: 'RAINGAGES',
    columns: ['Name', 'Format', 'Interval', 'SCF', 'Source'],
    notes: [words.gageNote],
    rows: [
      {
        fields: ['GAGE', 'VOLUME', readings ? hoursMinutes(readings.step) : '24:00', 1, 'TIMESERIES', 'RAIN'],
        comment: words.gage,
      },
    ],
  };

  const subcatchments: InpRow[] = [];
  const subareas: InpRow[] = [];
  const infiltration: InpRow[] = [];
  const lidControls: InpRow[] = [];
  const lidUsage: InpRow[] = [];
  m.surfaces.forEach((s, i) => {
    const name = subcatchmentName(i);
    const outlet = s.to >= 0 ? subcatchmentName(s.to) : OUTFALL;
    const width = num(Math.sqrt(s.area));
    const ha = num(s.area / 10_000);
    const layers = m.layers[i];
    const ground = m.grounds[i];
    const open = ground !== null && ground !== undefined && s.infiltration > 0;
    if (layers) {
      const g = greenRoofLayers(layers);
      const lid = `GR${i + 1}`;
      subcatchments.push({
        fields: [name, 'GAGE', outlet, ha, 0, width, a.slope_percent, 0],
        comment: words.green(s.name, lid),
      });
      subareas.push({ fields: [name, a.n_impervious, a.n_pervious, 0, 0, 0, 'OUTLET'] });
      lidControls.push(
        { fields: [lid, 'GR'], comment: words.lid(s.name) },
        { fields: [lid, 'SURFACE', 0, 0, a.surface_roughness, a.slope_percent, 0] },
        {
          fields: [
            lid,
            'SOIL',
            num(g.thickness),
            num(g.porosity),
            num(g.fieldCapacity),
            num(g.wiltingPoint),
            a.conductivity_mm_h,
            a.conductivity_slope,
            a.suction_mm,
          ],
        },
        { fields: [lid, 'DRAINMAT', num(g.drain), a.drain_voids, a.drain_roughness] },
      );
      lidUsage.push({ fields: [name, lid, 1, num(s.area), width, 0, 0, 0] });
    } else if (open) {
      subcatchments.push({
        fields: [name, 'GAGE', outlet, ha, 0, width, a.slope_percent, 0, 'SNOW'],
        comment: words.ground(s.name, ground),
      });
      subareas.push({ fields: [name, a.n_impervious, a.n_pervious, 0, num(s.capacity), 0, 'OUTLET'] });
    } else {
      subcatchments.push({
        fields: [name, 'GAGE', outlet, ha, 100, width, a.slope_percent, 0, 'SNOW'],
        comment: ground ? words.ground(s.name, ground) : words.bare(s.name, s.capacity),
      });
      subareas.push({ fields: [name, a.n_impervious, a.n_pervious, num(s.capacity), 0, 0, 'OUTLET'] });
    }
    const rate = open ? num(s.infiltration / 24) : 0;
    infiltration.push({ fields: [name, rate, rate, 0, 7, 0] });
  });

  // one wet day a line (VOLUME: the day's mm fall over its 24 h), then the temperatures at noon
  const rain: InpRow[] = [];
  const temps: InpRow[] = [];
  const { precip, temp } = m.series;
  days.forEach((d, k) => {
    const date = dateOf(d.y, d.mo, d.d);
    if (!readings && precip[k]! > 0) rain.push({ fields: ['RAIN', date, '00:00', num(precip[k]!)] });
    temps.push({ fields: ['TEMPERATURE', date, '12:00', num(temp[k]!)] });
  });
  if (readings) {
    // one wet interval a line (VOLUME: its mm fall over the logger's step)
    const perDay = 86_400 / readings.step;
    readings.at.forEach((at, i) => {
      const d = days[Math.floor(at / perDay)]!;
      rain.push({
        fields: [
          'RAIN',
          dateOf(d.y, d.mo, d.d),
          hoursMinutes((at % perDay) * readings.step),
          num(readings.mm[i]!),
        ],
      });
    });
  }
  if (rain[0]) rain[0].comment = words.rain;
  if (temps[0]) temps[0].comment = words.temperature;

  const sections: InpSection[] = [
    { ...options, notes: words.notes },
    evaporation,
    temperature,
    gage,
    {
      name: 'SUBCATCHMENTS',
      columns: ['Name', 'Rain Gage', 'Outlet', 'Area', '%Imperv', 'Width', '%Slope', 'CurbLen', 'SnowPack'],
      rows: subcatchments,
    },
    {
      name: 'SUBAREAS',
      columns: ['Subcatchment', 'N-Imperv', 'N-Perv', 'S-Imperv', 'S-Perv', 'PctZero', 'RouteTo'],
      rows: subareas,
    },
    {
      name: 'INFILTRATION',
      columns: ['Subcatchment', 'MaxRate', 'MinRate', 'Decay', 'DryTime', 'MaxInfil'],
      rows: infiltration,
    },
    {
      name: 'SNOWPACKS',
      columns: ['Name', 'Surface', 'Parameters'],
      rows: [
        { fields: ['SNOW', 'PLOWABLE', num(melt), num(melt), 0, 0, 0, 0, 0], comment: words.snow },
        { fields: ['SNOW', 'IMPERVIOUS', num(melt), num(melt), 0, 0, 0, 0, 0.001] },
        { fields: ['SNOW', 'PERVIOUS', num(melt), num(melt), 0, 0, 0, 0, 0.001] },
      ],
    },
    ...(lidControls.length
      ? [
          {
            name: 'LID_CONTROLS',
            columns: ['Name', 'Type/Layer', 'Parameters'],
            rows: lidControls,
          },
          {
            name: 'LID_USAGE',
            notes: [words.lidUsageNote],
            columns: [
              'Subcatchment',
              'LID Process',
              'Number',
              'Area',
              'Width',
              'InitSat',
              'FromImp',
              'ToPerv',
            ],
            rows: lidUsage,
          },
        ]
      : []),
    {
      name: 'OUTFALLS',
      columns: ['Name', 'Elevation', 'Type', 'Stage Data', 'Gated'],
      rows: [{ fields: [OUTFALL, 0, 'FREE', '', 'NO'], comment: words.outfall }],
    },
    { name: 'TIMESERIES', columns: ['Name', 'Date', 'Time', 'Value'], rows: [...rain, ...temps] },
    {
      name: 'REPORT',
      columns: ['Reporting Options'],
      rows: [
        ['SUBCATCHMENTS', 'ALL'],
        ['NODES', 'ALL'],
        ['LINKS', 'ALL'],
      ].map((fields) => ({ fields })),
    },
    ...mapSections(m.surfaces.length),
  ];
  return inpFile(words.title, sections);
}

/** A map for SWMM's editor: the subcatchments as squares in a row, the outfall below them. */
function mapSections(n: number): InpSection[] {
  const polygons: InpRow[] = [];
  for (let i = 0; i < n; i += 1) {
    const x = i * 120;
    for (const [dx, dy] of [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
    ])
      polygons.push({ fields: [subcatchmentName(i), x + dx!, 200 + dy!] });
  }
  return [
    {
      name: 'MAP',
      rows: [
        { fields: ['DIMENSIONS', -20, 0, Math.max(220, n * 120), 320] },
        { fields: ['Units', 'Meters'] },
      ],
    },
    { name: 'COORDINATES', columns: ['Node', 'X-Coord', 'Y-Coord'], rows: [{ fields: [OUTFALL, 50, 50] }] },
    { name: 'POLYGONS', columns: ['Subcatchment', 'X-Coord', 'Y-Coord'], rows: polygons },
  ];
}
