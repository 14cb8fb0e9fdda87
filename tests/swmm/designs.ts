/**
 * The sl designs the SWMM tests export (issues 36 and 39): every sl fixture case the calculation accepts
 * (one per distinct SWMM model: the cases that only rename the same roofs route alike), the
 * examples, and designs at the permit whose orifices run as weirs (over 54 mm with the usual recess).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { submit, toServer } from '../../engine';
import { calculate, type FlowLimiterResults, type StoredProject } from '../../server/calc';
import { flowLimiterSwmm } from '../../server/calc/flow-limiter/swmmExport';
import { bundleOfProduct } from '../../server/projects/products';
import { loadFixtures, stateOf } from '../../scripts/bundles/fixtures';

const ROOT = join(import.meta.dirname, '../..');
const SL = join(ROOT, 'schemas/sl');

export interface Design {
  label: string;
  project: StoredProject;
}

type Form = Record<string, unknown>;
const formsOf = (p: StoredProject, step: string) => (p.steps[step]?.forms ?? []).map((f) => f.form as Form);

/** What SWMM routes of a design: its model without the title and the comments. */
function modelOf(p: StoredProject, results: FlowLimiterResults): string {
  const text = flowLimiterSwmm(p, results, { t: (k) => k, name: '', number: null });
  return text
    .slice(text.indexOf('[OPTIONS]'))
    .split('\n')
    .filter((l) => !l.startsWith(';'))
    .join('\n');
}

const example = (name: string): StoredProject =>
  JSON.parse(readFileSync(join(ROOT, 'server/calc/examples', name), 'utf8')) as StoredProject;

/** The Lyon example with its site's permit and its roofs replaced. */
function variant(permit: number | null, roofs: Form[]): StoredProject {
  const p = example('sl-lyon.json');
  const site = formsOf(p, 'Chantier')[0]!;
  Object.assign(site, permit === null ? {} : { max_fuite: true, fuite_value: permit });
  const roof = formsOf(p, 'Toiture')[0]!;
  p.steps.Toiture!.forms = roofs.map((r, i) => ({
    uuid: `Toiture${i}`,
    form: { ...roof, name: `Toiture ${String.fromCharCode(65 + i)}`, gravel_thickness: null, ...r },
  }));
  return p;
}

const gravel = { type: 'GRAVILLON', gravel_thickness: 40, evac_horizontal: 1, evac_vertical: 0 };

/** Designs at the permit with wide orifices (their permit chosen so that a storm takes 0.999 of it). */
export const WIDE: Design[] = [
  {
    label: 'gravel 4050 m2, one drain, 12.4 L/s/ha',
    project: variant(12.4, [{ ...gravel, surface_retention: 4050 }]),
  },
  {
    label: 'slabs 2900 m2, one drain, 11.2 L/s/ha',
    project: variant(11.2, [
      { type: 'DALLE_SUR_PLOT', surface_retention: 2900, evac_horizontal: 1, evac_vertical: 0 },
    ]),
  },
  {
    label: 'green roof 6000 m2, two drains, 10 mm recess, 9.3 L/s/ha',
    project: variant(9.3, [
      { type: 'TTV', surface_retention: 6000, evac_horizontal: 2, evac_vertical: 0, hauteur: 10 },
    ]),
  },
  {
    label: 'two gravel roofs 3000 and 2500 m2, 17.55 L/s/ha',
    project: variant(17.55, [
      { ...gravel, surface_retention: 3000 },
      { ...gravel, surface_retention: 2500 },
    ]),
  },
];

/** A roof with no recess: the weir law from the first drop (and its slow last film when emptying). */
export const BARE: Design = {
  label: 'slabs 2900 m2, one drain, no recess',
  project: variant(null, [
    { type: 'DALLE_SUR_PLOT', surface_retention: 2900, evac_horizontal: 1, evac_vertical: 0, hauteur: 0 },
  ]),
};

/** The Lyon example with its site's answers and its roofs replaced (helper edge11). */
function site(answers: Form, roofs: Form[]): StoredProject {
  const p = variant(null, roofs);
  Object.assign(formsOf(p, 'Chantier')[0]!, answers);
  return p;
}

/**
 * Designs at the method's edges (helper edge11): a 1 m2 roof and a 20 m2 green roof whose 10 mm minimum
 * orifice lets more than the permit through, a 15 ha roof with 30 drains, five roofs of five types and
 * recesses sharing one orifice, an imposed volume a capped roof cannot hold (the water-filling), an
 * imposed water height on slabs.
 */
export const EDGES: Design[] = [
  { label: '1 m2 gravel roof, one drain', project: variant(null, [{ ...gravel, surface_retention: 1 }]) },
  {
    label: '20 m2 green roof, one drain',
    project: variant(null, [{ type: 'TTV', surface_retention: 20, evac_horizontal: 1, evac_vertical: 0 }]),
  },
  {
    label: 'gravel 150,000 m2, 30 drains, 5 L/s/ha',
    project: variant(5, [{ ...gravel, surface_retention: 150_000, evac_horizontal: 30 }]),
  },
  {
    label: 'five roofs, five types and recesses, 8 L/s/ha',
    project: variant(8, [
      { ...gravel, surface_retention: 3000, hauteur: 5 },
      { type: 'TTV', surface_retention: 800, evac_horizontal: 1, evac_vertical: 1, hauteur: 50 },
      { type: 'DALLE_SUR_PLOT', surface_retention: 60, evac_horizontal: 1, evac_vertical: 0, hauteur: 10 },
      { type: 'TOUNDRA_BOX', surface_retention: 1500, evac_horizontal: 0, evac_vertical: 3, hauteur: 20 },
      {
        type: 'MIXTE',
        gravel_thickness: 60,
        surface_retention: 420,
        evac_horizontal: 1,
        evac_vertical: 0,
        hauteur: 30,
      },
    ]),
  },
  {
    label: '90 m3 imposed, one of two roofs capped at 10 m3',
    project: site({ max_retention: true, retention_value: 90 }, [
      { ...gravel, surface_retention: 1000, volume_retention_max: 10 },
      { ...gravel, surface_retention: 1000 },
    ]),
  },
  {
    label: '2.9 cm of water imposed on slabs',
    project: site({ max_retention: true, hauteur_eau: 2.9 }, [
      { type: 'DALLE_SUR_PLOT', surface_retention: 1000, evac_horizontal: 1, evac_vertical: 0 },
    ]),
  },
];

/** Every distinct calculable design of the sl fixtures and examples. */
export function fixtureDesigns(): Design[] {
  const bundle = bundleOfProduct('slowli');
  const seen = new Set<string>();
  const out: Design[] = [];
  const add = (label: string, project: StoredProject) => {
    const r = calculate(bundle, project);
    if (!r.ok) return;
    const key = modelOf(project, r.results as FlowLimiterResults);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ label, project });
  };
  for (const f of readdirSync(join(ROOT, 'server/calc/examples')).filter((x) => x.startsWith('sl-')))
    add(`example ${f}`, example(f));
  for (const [file, fixture] of Object.entries(loadFixtures(SL)))
    fixture.cases.forEach((c, i) => {
      const state = stateOf(bundle, SL, c);
      const server = toServer(bundle, state.data, submit(state).statuses);
      add(`${file} #${i}`, { id: `${file}-${i}`, steps: server.steps as StoredProject['steps'] });
    });
  return out;
}
