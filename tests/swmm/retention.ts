/**
 * sm and smca sites against EPA SWMM 5.2.4 (issue 39.2): every fixture case the calculation accepts (one
 * per distinct SWMM model) and the examples, exported as the .inp a user downloads, run through SWMM, and
 * the annual retention SWMM computes set beside the product's: per surface (the water that reaches it,
 * its own rain and what upstream surfaces spill onto it, less what leaves it) and for the site (the rain
 * on the site less what reaches the sewer). The models are not the same (the README's method section):
 * the figures are set side by side, not held to each other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { submit, toServer } from '../../engine';
import { calculate, type AbattementResults, type StoredProject } from '../../server/calc';
import { abattementSwmmOf } from '../../server/calc/abattement/swmmExport';
import { OUTFALL, subcatchmentName } from '../../server/calc/abattement/swmm';
import { bundleOfProduct } from '../../server/projects/products';
import { i18nOf } from '../../server/i18n';
import { loadFixtures, stateOf } from '../../scripts/bundles/fixtures';
import type { MeasuredInput } from '../../server/calc/abattement/abattement';
import { runRainJob } from '../../server/rain/readJob';
import { ecccYear } from '../fixtures/rain/days';
import { runSwmm } from './runswmm';

const ROOT = join(import.meta.dirname, '../..');
export type Product = 'skywater_manager' | 'smca';
const DIR: Record<Product, string> = { skywater_manager: 'sm', smca: 'smca' };

export interface Site {
  label: string;
  product: Product;
  project: StoredProject;
  /** the measured series the project names */
  measured?: MeasuredInput;
}

/** A surface's or the site's retention (%): the product's, SWMM's. */
export interface Retention {
  what: string;
  product: number;
  swmm: number;
}

export interface SiteComparison {
  site: string;
  product: Product;
  rows: Retention[];
  /** SWMM's errors, warnings and continuity errors (%) */
  errors: string[];
  warnings: string[];
  continuity: number[];
  seconds: number;
}

const write = (site: Site, results: AbattementResults, locale: 'fr' | 'en') => {
  const { i18n } = i18nOf(site.product, locale);
  return abattementSwmmOf(site.project, results, {
    t: (k, p) => i18n.t(k, p ?? {}),
    name: site.label,
    number: 1,
    product: site.product,
    ...(site.measured ? { measured: site.measured } : {}),
  });
};

/**
 * The Toronto example on a measured series: twelve yearly ECCC files of the rain tests (1991-2002, the
 * year 2001 left out for a missing day), read as an upload is.
 */
export async function measuredSite(): Promise<Site> {
  const files = Array.from({ length: 12 }, (_, i) => 1991 + i).map((y) => ({
    name: `climate_daily_QC_7025251_${y}_P1D.csv`,
    data: new TextEncoder().encode(ecccYear(y)),
  }));
  const a = await runRainJob({ files });
  if (!a.ok || !('id' in a)) throw new Error('the ECCC files of the tests are not read');
  const project = JSON.parse(
    readFileSync(join(ROOT, 'server/calc/examples/smca-toronto.json'), 'utf8'),
  ) as StoredProject;
  const site = project.steps.Chantier!.forms![0]!.form!;
  site.rain_region = 'Montréal';
  site.rain_series = a.id;
  const measured: MeasuredInput = {
    id: a.id,
    series: JSON.parse(gunzipSync(a.data).toString('utf8')) as MeasuredInput['series'],
    summary: a.summary,
  };
  return { label: 'smca-toronto.json in Montréal, measured 1991-2002', product: 'smca', project, measured };
}

/** Every distinct calculable site of the sm and smca fixtures and examples. */
export function fixtureSites(products: Product[] = ['skywater_manager', 'smca']): Site[] {
  const out: Site[] = [];
  for (const product of products) {
    const bundle = bundleOfProduct(product);
    const seen = new Set<string>();
    const add = (label: string, project: StoredProject) => {
      const r = calculate(bundle, project, { stress: false });
      if (!r.ok) return;
      // what SWMM computes: the model without its title and comments
      const text = write({ label: '', product, project }, r.results as AbattementResults, 'en').text;
      const key = text
        .slice(text.indexOf('[OPTIONS]'))
        .split('\n')
        .filter((l) => !l.startsWith(';'))
        .join('\n');
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ label, product, project });
    };
    const ns = DIR[product];
    for (const f of readdirSync(join(ROOT, 'server/calc/examples')).filter((x) => x.startsWith(`${ns}-`)))
      add(
        `example ${f}`,
        JSON.parse(readFileSync(join(ROOT, 'server/calc/examples', f), 'utf8')) as StoredProject,
      );
    const dir = join(ROOT, 'schemas', ns);
    for (const [file, fixture] of Object.entries(loadFixtures(dir)))
      fixture.cases.forEach((c, i) => {
        const state = stateOf(bundle, dir, c);
        const server = toServer(bundle, state.data, submit(state).statuses);
        add(`${ns} ${file} #${i}`, { id: `${file}-${i}`, steps: server.steps as StoredProject['steps'] });
      });
  }
  return out;
}

/** The rows of a section of SWMM's report (its lines between the dashed rules), split on spaces. */
function tableOf(report: string, title: string): string[][] {
  const at = report.indexOf(title);
  if (at < 0) return [];
  const lines = report.slice(at).split('\n');
  const rules = lines.flatMap((l, i) => (/^\s*-{20,}\s*$/.test(l) ? [i] : []));
  if (rules.length < 2) return [];
  const rows: string[][] = [];
  for (let i = rules[1]! + 1; i < lines.length && lines[i]!.trim() !== ''; i += 1)
    rows.push(lines[i]!.trim().split(/\s+/));
  return rows;
}

const pct = (x: number) => Math.round(1000 * x) / 10;

/** A site through SWMM: its model as downloaded, SWMM's retention beside the product's. */
export async function compareSite(binary: string, site: Site): Promise<SiteComparison> {
  const r = calculate(bundleOfProduct(site.product), site.project, {
    stress: false,
    ...(site.measured ? { measured: site.measured } : {}),
  });
  if (!r.ok) throw new Error(`${site.label}: ${JSON.stringify(r.reasons)}`);
  const results = r.results as AbattementResults;
  const { model, text } = write(site, results, 'fr');
  const started = performance.now();
  const run = await runSwmm(binary, text);
  const seconds = (performance.now() - started) / 1000;
  // Subcatchment Runoff Summary: name, precip, runon, evap, infil, imperv, perv, total runoff (mm) ...
  const table = new Map(
    tableOf(run.report, 'Subcatchment Runoff Summary').map((cells) => [
      cells[0]!,
      cells.slice(1).map(Number),
    ]),
  );
  const rows: Retention[] = [];
  let rain = 0;
  let sewer = 0;
  model.surfaces.forEach((s, i) => {
    const cells = table.get(subcatchmentName(i));
    const b = results.balance[i]!;
    if (!cells) {
      run.errors.push(`${subcatchmentName(i)}: not in SWMM's report`);
      return;
    }
    const [precip, runon, , , , , runoff] = cells as [number, number, number, number, number, number, number];
    rain += precip * s.area;
    if (s.to < 0) sewer += runoff * s.area;
    const reached = b.precipitation_m3_per_year + b.inflow_m3_per_year;
    rows.push({
      what: s.name,
      product: reached > 0 ? pct(1 - b.outflow_m3_per_year / reached) : 100,
      swmm: precip + runon > 0 ? pct(1 - runoff / (precip + runon)) : 100,
    });
  });
  rows.push({ what: 'site', product: results.site.abattement, swmm: rain > 0 ? pct(1 - sewer / rain) : 100 });
  return {
    site: site.label,
    product: site.product,
    rows,
    errors: run.errors,
    warnings: run.warnings,
    continuity: run.continuity,
    seconds,
  };
}

export { OUTFALL };

/** The comparisons as a Markdown table: one row per surface and per site. */
export function retentionTable(cs: SiteComparison[]): string {
  const lines = [
    '| case | surface | product (%) | SWMM (%) | SWMM − product (points) |',
    '|---|---|---:|---:|---:|',
  ];
  for (const c of cs)
    for (const r of c.rows)
      lines.push(
        `| ${c.site} | ${r.what} | ${r.product.toFixed(1)} | ${r.swmm.toFixed(1)} | ${(r.swmm - r.product).toFixed(1)} |`,
      );
  return lines.join('\n');
}
