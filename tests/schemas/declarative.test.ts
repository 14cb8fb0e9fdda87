/**
 * Every calculator is a folder of JSON: the generic code (app/, renderers/, engine/) names no calculator,
 * no product type and no step as a string. Stories are left out: they present the product's calculators
 * to reviewers on purpose. The names are read from the bundles, so a new folder is covered at once.
 */
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FOLDERS = ['schemas', 'tests/fixtures/bundles'].flatMap((f) =>
  readdirSync(join(ROOT, f))
    .map((d) => join(ROOT, f, d, 'bundle.json'))
    .filter((p) => existsSync(p)),
);
const bundles = FOLDERS.map(
  (p) => JSON.parse(readFileSync(p, 'utf8')) as { id: string; productType: string; steps: { key: string }[] },
);
const NAMES = [...new Set(bundles.flatMap((b) => [b.id, b.productType, ...b.steps.map((s) => s.key)]))];
/** step keys are also read as properties (`steps.Chantier`), which the guard reads too */
const STEP_KEYS = new Set(bundles.flatMap((b) => b.steps.map((s) => s.key)));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory())
      return f === 'stories' || relative(ROOT, p) === join('server', 'calc') ? [] : sources(p);
    return /\.tsx?$/.test(f) && !/\.(stories|test)\.tsx?$/.test(f) ? [p] : [];
  });
}

/** The code without its comments (block and line comments; URLs inside strings are kept). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Each quoted literal of the code naming a calculator, a product type or a step: file:line and the name. */
function named(file: string): string[] {
  const lines = code(readFileSync(file, 'utf8')).split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    for (const name of NAMES)
      if (
        new RegExp(`(['"\`])${name}\\1`).test(line) ||
        (STEP_KEYS.has(name) && new RegExp(`\\.${name}\\b`).test(line))
      )
        found.push(`${relative(ROOT, file)}:${i + 1} '${name}'`);
  });
  return found;
}

describe('generic code names no calculator', () => {
  it('knows the names to look for from the bundles', () => {
    expect(NAMES).toEqual(
      expect.arrayContaining(['sl', 'sm', 'smca', 'slowli', 'Toiture', 'Chantier', 'tank']),
    );
  });

  it.each(['app', 'renderers', 'engine'])('%s/ names none of them', (dir) => {
    expect(sources(join(ROOT, dir)).flatMap(named)).toEqual([]);
  });

  /**
   * server/ outside server/calc (the calculations are the one place that reads a calculator's answers by
   * name) names none: the seed's own path GET /api/sl/calculate/:id is the one sl's bundle declares
   * (results.path), registered for whichever calculator names a path of its own. The history's columns
   * and answers are the bundles' (history.record, history.answers), the order workflow theirs too
   * (workflow). No file may gain a name.
   */
  it("server/ outside server/calc names none; the seed path /api/sl/calculate is the bundle's", () => {
    expect(sources(join(ROOT, 'server')).flatMap(named)).toEqual([]);
    const sl = JSON.parse(readFileSync(join(ROOT, 'schemas/sl/bundle.json'), 'utf8')) as {
      results: { path?: string };
    };
    expect(sl.results.path).toBe('/api/sl/calculate/{id}');
  });

  it('would catch one', () => {
    const probe = "const x = calc === 'smca' ? 1 : 2; // 'sl' in a comment is fine";
    expect(NAMES.filter((n) => new RegExp(`(['"\`])${n}\\1`).test(code(probe)))).toEqual(['smca']);
    const dir = join(ROOT, 'tests/fixtures');
    const file = join(dir, 'probe-named.ts');
    writeFileSync(file, 'const n = project.steps.Chantier?.forms[0];\n');
    try {
      expect(named(file)).toEqual(["tests/fixtures/probe-named.ts:1 'Chantier'"]);
    } finally {
      rmSync(file);
    }
  });
});
