/**
 * One contract per calculation (issue 29): every calculation's results, for every example project and
 * every bundle's valid fixture, hold to its results schema (server/calc/<name>/results.schema.json), and
 * the TypeScript type generated from each schema is the one in the repository.
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { derive, loadBundle, toServer, type Bundle, type StepStatus } from '../../engine';
import { calculate, CALCULATIONS, type StoredProject } from '../../server/calc';
import { bundleOfProduct, type ProductType } from '../../server/projects/products';
import { CONTRACTS, generated, staleTypes } from '../../scripts/results/contracts';

const ROOT = join(import.meta.dirname, '../..');
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const validators = Object.fromEntries(
  [...CALCULATIONS].map(([name, c]) => [name, ajv.compile(c.resultsSchema)]),
);

/** The results of a project under its bundle, and what its calculation's schema says of them. */
function problems(bundle: Bundle, project: StoredProject): string[] {
  const out = calculate(bundle, project);
  if (!out.ok) return out.reasons.map((r) => `not calculated: ${r.field} ${r.message}`);
  const validate = validators[bundle.results.calculation];
  if (!validate) return [`no results schema for '${bundle.results.calculation}'`];
  return validate(out.results) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const examples = readdirSync(join(ROOT, 'server/calc/examples')).map((f) => {
  const project = JSON.parse(readFileSync(join(ROOT, 'server/calc/examples', f), 'utf8')) as StoredProject & {
    product: ProductType;
  };
  return [f, project] as const;
});

/** Each bundle folder's valid base fixtures, as the engine saves them. */
const fixtures = ['schemas', 'tests/fixtures/bundles'].flatMap((top) =>
  readdirSync(join(ROOT, top)).flatMap((dir) => {
    const folder = join(ROOT, top, dir);
    if (!existsSync(join(folder, 'bundle.json')) || !existsSync(join(folder, 'fixtures/base'))) return [];
    const bundle = loadBundle(JSON.parse(readFileSync(join(folder, 'bundle.json'), 'utf8')));
    return readdirSync(join(folder, 'fixtures/base')).map((f) => {
      const data = JSON.parse(readFileSync(join(folder, 'fixtures/base', f), 'utf8')) as Record<
        string,
        unknown
      >;
      const state = derive(bundle, data);
      const steps = toServer(
        bundle,
        state.data,
        state.steps.map(() => 1 as StepStatus),
      ).steps as StoredProject['steps'];
      return [`${top}/${dir}/fixtures/base/${f}`, bundle, { steps }] as const;
    });
  }),
);

describe('results contracts', () => {
  it('has a schema for every calculation a bundle may name, and a fixture of each', () => {
    expect([...CALCULATIONS.keys()].sort()).toEqual(CONTRACTS.map((c) => c.name).sort());
    expect([...CALCULATIONS.keys()].sort()).toEqual(['abattement', 'flow-limiter', 'formulas']);
    expect(new Set(fixtures.map(([, b]) => b.results.calculation))).toEqual(new Set(CALCULATIONS.keys()));
  });

  it.each(examples)('example %s: its results hold to the schema', (_f, project) => {
    expect(problems(bundleOfProduct(project.product), project)).toEqual([]);
  });

  it.each(fixtures)('%s: its results hold to the schema', (_f, bundle, project) => {
    expect(problems(bundle, project)).toEqual([]);
  });

  it('refuses results that break the schema', () => {
    const [, project] = examples.find(([f]) => f.startsWith('sl'))!;
    const out = calculate(bundleOfProduct(project.product), project);
    if (!out.ok) throw new Error('the example is calculated');
    const validate = validators['flow-limiter']!;
    const broken = JSON.parse(JSON.stringify(out.results)) as Record<string, unknown>;
    delete broken.verdict;
    broken.extra = 1;
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        "must have required property 'verdict'",
        'must NOT have additional properties',
      ]),
    );
  });

  it('keeps every generated type up to date with its schema (npm run results:types)', async () => {
    expect(await staleTypes()).toEqual([]);
  });

  it('would see a stale type', async () => {
    const c = CONTRACTS.find((x) => x.name === 'formulas')!;
    const current = readFileSync(c.type, 'utf8');
    expect(await generated(c.schema, c.type)).toBe(current);
    const planted = join(tmpdir(), `results-contract-${process.pid}.schema.json`);
    const schema = JSON.parse(readFileSync(c.schema, 'utf8')) as { properties: Record<string, unknown> };
    schema.properties.planted = { type: 'string' };
    writeFileSync(planted, JSON.stringify(schema));
    try {
      const changed = await generated(planted, c.type);
      expect(changed).not.toBe(current);
      expect(changed).toContain('planted?: string;');
    } finally {
      rmSync(planted);
    }
  });
});
