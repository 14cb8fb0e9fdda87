/**
 * The shared suite every bundle goes through (STYLE.md 7): the bundle loads (meta-schema and semantic
 * checks), every message key it uses exists in every locale, every step can be reached, every fixture
 * passes, and every rule is pinned by a fixture: removing any rule or schema constraint from the bundle
 * makes at least one fixture fail.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derive, loadBundle, next, type Bundle, type StepStatus } from '../../engine';
import { checkCase, loadFixtures, stateOf, type FixtureFile } from '../../scripts/bundles/fixtures';
import { allKeys, ENGINE_KEYS, hasKey as has, keysOf } from '../../scripts/bundles/keys';

const ROOT = join(import.meta.dirname, '../../schemas');
// The product's calculators, and the small one kept with the tests (tests/fixtures/bundles).
const EXTRA = join(import.meta.dirname, '../fixtures/bundles');
const folders = [ROOT, EXTRA].flatMap((root) =>
  readdirSync(root)
    .filter((d) => existsSync(join(root, d, 'bundle.json')))
    .map((d) => [d, join(root, d)] as const),
);

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Every way of weakening the bundle by one rule or one constraint, for the mutation check. */
function mutations(json: Bundle): { name: string; bundle: Bundle }[] {
  const out: { name: string; bundle: Bundle }[] = [];
  const clone = (): Bundle => structuredClone(json);
  json.steps.forEach((s, si) => {
    for (const [field, r] of Object.entries(s.rules ?? {})) {
      if (r.condition) {
        const b = clone();
        delete b.steps[si]!.rules![field]!.condition;
        out.push({ name: `${s.key}.${field} condition`, bundle: b });
      }
      if (r.readonly !== undefined) {
        const b = clone();
        delete b.steps[si]!.rules![field]!.readonly;
        out.push({ name: `${s.key}.${field} readonly`, bundle: b });
      }
      (r.update ?? []).forEach((_, ui) => {
        const b = clone();
        b.steps[si]!.rules![field]!.update!.splice(ui, 1);
        out.push({ name: `${s.key}.${field} update ${ui}`, bundle: b });
      });
      (r.check ?? []).forEach((_, ci) => {
        const b = clone();
        b.steps[si]!.rules![field]!.check!.splice(ci, 1);
        out.push({ name: `${s.key}.${field} check ${ci}`, bundle: b });
      });
    }
    (s.checks ?? []).forEach((_, ci) => {
      const b = clone();
      b.steps[si]!.checks!.splice(ci, 1);
      out.push({ name: `${s.key} step check ${ci}`, bundle: b });
    });
    const walk = (
      schema: Bundle['steps'][number]['schema'],
      at: (b: Bundle) => typeof schema,
      path: string,
    ): void => {
      (schema.required ?? []).forEach((req, ri) => {
        const b = clone();
        at(b).required!.splice(ri, 1);
        out.push({ name: `${s.key}.${path}${req} required`, bundle: b });
      });
      for (const [k, p] of Object.entries(schema.properties ?? {})) {
        for (const kw of ['minimum', 'exclusiveMinimum', 'maximum', 'maxLength', 'default'] as const) {
          if (p[kw] === undefined) continue;
          const b = clone();
          delete at(b).properties![k]![kw];
          out.push({ name: `${s.key}.${path}${k} ${kw}`, bundle: b });
        }
        if (p.type === 'object') walk(p, (b) => at(b).properties![k]!, `${path}${k}.`);
      }
    };
    walk(s.schema, (b) => b.steps[si]!.schema, '');
  });
  if (json.calculation) {
    const b = clone();
    delete b.calculation;
    out.push({ name: 'calculation requirement', bundle: b });
  }
  return out;
}

describe.each(folders)('bundle %s', (id, dir) => {
  const json = readJson(join(dir, 'bundle.json')) as Bundle;
  const bundle = loadBundle(json);
  const fixtures = loadFixtures(dir);
  const cases = Object.entries(fixtures).flatMap(([file, f]: [string, FixtureFile]) =>
    f.cases.map((c) => ({ file, c })),
  );

  it('loads: meta-schema valid, every rule targets an existing field', () => {
    expect(bundle.id).toBe(id);
  });

  it.each(bundle.locales)('has every message key in locale %s', (locale) => {
    const own = readJson(join(dir, `messages.${locale}.json`));
    const common = readJson(join(ROOT, 'common', `messages.${locale}.json`));
    const missing = [...keysOf(bundle).keys()].filter((k) => !has(own, k) && !has(common, k));
    const missingEngine = ENGINE_KEYS.filter((k) => !has(common, k));
    expect([...missing, ...missingEngine]).toEqual([]);
  });

  it('reaches every step with Next from a valid project', () => {
    const base = join(dir, 'fixtures', 'base', 'valid.json');
    const state = derive(bundle, readJson(base) as Record<string, unknown>);
    let statuses = state.steps.map(() => 0 as StepStatus);
    let current = 0;
    const visited = [0];
    for (let i = 0; i < state.steps.length; i += 1) {
      const r = next(state, statuses, current);
      statuses = r.statuses;
      current = r.current;
      if (!visited.includes(current)) visited.push(current);
    }
    expect(visited).toEqual(state.steps.map((_, i) => i));
    expect(statuses.every((s) => s === 1)).toBe(true);
  });

  it('has rule fixtures', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.map(({ file, c }) => [`${file}: ${c.rule}`, c] as const))('fixture %s', (_, c) => {
    expect(checkCase(bundle, dir, c)).toEqual([]);
  });

  it('pins every rule and constraint: removing any one makes a fixture fail', () => {
    const unpinned: string[] = [];
    for (const m of mutations(json)) {
      const caught = cases.some(({ c }) => {
        try {
          return checkCase(m.bundle, dir, c).length > 0;
        } catch {
          return true;
        }
      });
      if (!caught) unpinned.push(m.name);
    }
    expect(unpinned).toEqual([]);
  });

  it('derives the base project without errors in every unit system', () => {
    for (const u of bundle.unitSystems) {
      const s = stateOf(bundle, dir, { rule: 'base', base: 'valid', unitSystem: u, expect: {} });
      expect(s.steps.every((st) => st.result === 1)).toBe(true);
    }
  });
});

describe('common messages', () => {
  // The browser's words (messages) and the note's (note, read by the server only) in both languages.
  it.each(['messages', 'note'])('%s: French and English have the same keys', (name) => {
    const fr = allKeys(readJson(join(ROOT, 'common', `${name}.fr.json`))).sort();
    const en = allKeys(readJson(join(ROOT, 'common', `${name}.en.json`))).sort();
    expect(en).toEqual(fr);
  });
});
