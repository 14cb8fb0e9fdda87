/**
 * npm run calc -- project.json [--type slowli|skywater_manager|smca] [--locale fr|en] [--json]
 *   [--rain file.csv ... [--station id]]
 * Prints the results of a stored project file as tables, so a method can be checked without the UI.
 * `--rain` (once per file) runs an abattement project on a measured daily series, read as an upload is
 * (ECCC, Météo-France, plain date,mm; a file's station with `--station`): refused files are listed with
 * their file, line and column in the calculator's language, as the page lists them. The
 * product type comes from --type, else the file's `product` field. Exit code 1 when it cannot calculate:
 * the reasons are listed in the calculator's language (--locale when it has it, else French), the answers
 * the bundle's rules block first, as the form and the API refuse them.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { problemText } from '../../words/rain';
import { runRainJob } from '../rain/readJob';
import type { MeasuredInput } from './abattement/abattement';
import { derive, fromServer } from '../../engine';
import { reasonText } from '../../words/reasonText';
import { i18nOf } from '../i18n';
import { bundleOfProduct, isProductType, products } from '../projects/products';
import { calculate, type AbattementResults, type FlowLimiterResults, type StoredProject } from './index';
import { serverProjectOf } from './types';

const args = process.argv.slice(2);
const VALUED = ['--type', '--locale', '--rain', '--station'];
const file = args.find((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1] ?? ''));
const rainFiles = args.flatMap((a, i) => (args[i - 1] === '--rain' ? [a] : []));
const stationArg = args.includes('--station') ? args[args.indexOf('--station') + 1] : undefined;
const typeArg = args.includes('--type') ? args[args.indexOf('--type') + 1] : undefined;
const localeArg = args.includes('--locale') ? args[args.indexOf('--locale') + 1] : undefined;
if (!file) {
  console.error(
    'usage: npm run calc -- project.json [--type slowli|skywater_manager|smca] [--locale fr|en] [--json]',
  );
  process.exit(2);
}
const project = JSON.parse(readFileSync(file, 'utf8')) as StoredProject & { product?: string };
const type = typeArg ?? project.product;
if (!type || !isProductType(type)) {
  console.error(`Unknown product type '${String(type)}': give --type ${[...products().keys()].join(', ')}`);
  process.exit(2);
}
const bundle = bundleOfProduct(type);
const measured = rainFiles.length ? await measuredOf(rainFiles) : undefined;
const out = calculate(bundle, project, measured ? { measured } : {});
if (!out.ok) {
  const { i18n } = i18nOf(type, localeArg);
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  const state = derive(bundle, fromServer(bundle, serverProjectOf(project)).data);
  console.error(t('errors.api.not_calculable'));
  for (const r of out.reasons) {
    const known = r.rule_message !== undefined || i18n.exists(`errors.calc.${r.code}`);
    const words = known ? reasonText(r, bundle, state, t) : r.message;
    console.error(`  - ${r.field}${r.rule ? ` [${r.rule}]` : ''}: ${words}`);
  }
  process.exit(1);
}
if (args.includes('--json')) {
  console.log(JSON.stringify(out.results, null, 2));
  process.exit(0);
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
if (type === 'slowli') {
  const r = out.results as FlowLimiterResults;
  console.log(`Method: ${r.method.name} ${r.method.version}; volume by ${r.volume_method}`);
  console.log(
    `Rain: Montana a = ${r.rain.a}, b = ${r.rain.b} (${r.rain.validity_min[0]}-${r.rain.validity_min[1]} min), T = ${r.rain.return_period_years} years; ${r.rain.reference ?? r.rain.provenance}`,
  );
  console.log(
    `Volume to store ${r.max_volume} m3 (méthode des pluies ${r.method_volume} m3${r.imposed_volume === null ? '' : `, imposed ${r.imposed_volume} m3`}); allowed leakage ${r.allowed_leakage_l_s} L/s (${r.leakage_rate_l_s_ha} L/s/ha)`,
  );
  console.log(`Critical rain duration ${r.critical_duration_min} min`);
  if (r.routing)
    console.log(
      `Routed storms (block rains of ${r.routing.durations_min[0]} min to ${r.routing.durations_min[1] / 60} h, worst ${r.routing.critical_duration_min} min): peak outflow ${r.routing.peak_outflow_l_s} L/s`,
    );
  for (const s of r.routing?.storms ?? [])
    console.log(
      `  ${s.kind}: ${s.intense_min === null ? '' : `${s.intense_min} min intense in `}${s.duration_min} min, peak ${s.peak_outflow_l_s} L/s (${(100 * s.permit_share).toFixed(2)} % of the permit), stores ${s.volume} m3`,
    );
  console.table(
    r.limiters.map((l) => ({
      roof: l.roof_name,
      limiters: l.count,
      'volume m3': l.volume,
      'method m3': l.method_volume,
      'height mm': l.height_max,
      'method mm': l.method_height_max,
      'head mm': l.height_total,
      'leakage L/s': l.max_leakage,
      'emptying h': l.emptying_hours,
    })),
  );
  console.log(
    `Orifice ${r.diameter} mm; leakage ${r.max_leakage} L/s = ${r.lsha} L/s/ha; volume conform ${r.volume_conform}; emptying conform ${r.retention_conform}`,
  );
  console.log(`Verdict: ${r.verdict.status}`);
  for (const w of r.warnings)
    console.log(
      `  ${w.severity === 'not_conform' ? 'not conform' : 'reservation'}: ${w.code} ${JSON.stringify(w.params)}`,
    );
  console.log(`Defaults used (to confirm): ${r.defaults_used.join(', ') || 'none'}`);
} else {
  const r = out.results as AbattementResults;
  const pet =
    r.pet_method.kind === 'penman_transferred'
      ? `Penman from ${r.pet_method.from} (${r.pet_method.km} km)`
      : r.pet_method.kind;
  console.log(`Method: ${r.method.name} ${r.method.version}; PET ${pet}; ${r.years} years`);
  console.log(`Station: ${r.station.name} (${r.station.period}); target ${r.target_mm ?? 'none'} mm`);
  if (r.measured)
    console.log(
      `Measured rain: ${r.measured.files.join(', ')}; station ${r.measured.station?.name ?? '-'}; ${r.measured.first} to ${r.measured.last}, ${r.measured.complete_share} % complete days; years ${r.measured.first_year}-${r.measured.last_year} (${r.measured.years_used}), left out ${r.measured.years_left_out.join(', ') || 'none'}`,
    );
  const rows: Record<string, Record<string, number | string>> = {};
  for (const t of r.toitureResults) {
    rows[`${t.toiture.name} abattement %`] = Object.fromEntries(
      MONTHS.map((m, i) => [m, t.monthlyResults[i]!.abattement]).concat([['year', t.annual.abattement]]),
    );
    rows[`${t.toiture.name} on the roof %`] = Object.fromEntries(
      MONTHS.map((m, i) => [m, t.monthlyResults[i]!.own]).concat([['year', t.annual.own]]),
    );
    rows[`${t.toiture.name} target met %`] = Object.fromEntries(
      MONTHS.map((m, i) => [m, t.monthlyResults[i]!.respectConsigneAbattement]).concat([
        ['year', t.annual.respectConsigneAbattement],
      ]),
    );
  }
  rows['rain mm'] = Object.fromEntries(MONTHS.map((m, i) => [m, r.pluviometrie[i]!.pluie_precipite]));
  rows['rainy days'] = Object.fromEntries(MONTHS.map((m, i) => [m, r.pluviometrie[i]!.evenements_pluvieux]));
  console.table(rows);
  console.log(
    `Site: ${r.site.abattement} % kept; per year ${r.site.precipitation_m3_per_year} m3 of rain, ${r.site.to_sewer_m3_per_year} m3 to the sewer`,
  );
  console.log(`Defaults used (to confirm): ${r.defaults_used.join(', ') || 'none'}`);
}

/** The measured series of `--rain` files, named by the project; refusals and station choices end here. */
async function measuredOf(names: string[]): Promise<MeasuredInput> {
  const { i18n } = i18nOf(type as Parameters<typeof i18nOf>[0], localeArg);
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  const lang = localeArg === 'en' ? 'en' : 'fr';
  const files = names.map((n) => ({ name: basename(n), data: new Uint8Array(readFileSync(n)) }));
  const a = await runRainJob({ files, ...(stationArg ? { station: stationArg } : {}) });
  if (!a.ok) {
    for (const p of a.problems) console.error(`  - ${problemText(p, t, lang)}`);
    process.exit(1);
  }
  if (!('id' in a)) {
    console.error(t('rain.pick_station'));
    for (const s of a.choose)
      console.error(`  --station ${s.id}: ${t('rain.station_option', { ...s, years: s.complete_years })}`);
    process.exit(2);
  }
  const site = project.steps.Chantier?.forms?.[0]?.form;
  if (site) site.rain_series = a.id;
  return {
    id: a.id,
    series: JSON.parse(gunzipSync(a.data).toString('utf8')) as MeasuredInput['series'],
    summary: a.summary,
  };
}
