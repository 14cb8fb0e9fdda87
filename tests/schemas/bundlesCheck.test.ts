/**
 * npm run bundles:check on broken calculators: each kind of mistake a product team makes is named with
 * its file, its JSON pointer and, where one is close, the name that was meant; every problem is listed,
 * not only the first.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFolder, type Problem } from '../../scripts/bundles/check';

const TANK = join(import.meta.dirname, '../fixtures/bundles/tank');
const made: string[] = [];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A copy of the tank calculator with `edit` applied to one of its files, checked. */
function broken(file: string, edit: (json: Json) => void): Problem[] {
  const root = mkdtempSync(join(tmpdir(), 'rw-kit-'));
  made.push(root);
  const dir = join(root, 'tank');
  cpSync(TANK, dir, { recursive: true });
  const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json;
  edit(json);
  writeFileSync(join(dir, file), JSON.stringify(json));
  return checkFolder(dir);
}

afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('bundles:check', () => {
  it('passes the calculators as they are', () => {
    expect(checkFolder(TANK)).toEqual([]);
  });

  it('fails when a precompiled validator is older than its bundle, or missing', () => {
    const problems = broken('bundle.json', (b) => {
      b.steps[1].schema.properties.surface.$comment = 'a bound explained otherwise';
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/generated[\\/]Toiture\.validator\.js$/),
        message: 'generated/Toiture.validator.js is older than (differs from) bundle.json',
        hint: 'run npm run bundles:build',
      }),
    ]);
    const root = made[made.length - 1]!;
    rmSync(join(root, 'tank', 'generated', 'validators.js'));
    expect(checkFolder(join(root, 'tank')).map((p) => p.message)).toContain(
      'generated/validators.js is missing',
    );
  });

  it('refuses a calculator that declares no figure: its note could not be verified (issue 36)', () => {
    const none = broken('bundle.json', (b) => {
      delete b.figures;
    });
    expect(none).toContainEqual(
      expect.objectContaining({ pointer: '', message: "must have required property 'figures'" }),
    );
    const empty = broken('bundle.json', (b) => {
      b.figures.site = [];
    });
    expect(empty).toContainEqual(
      expect.objectContaining({ pointer: '/figures/site', message: 'must NOT have fewer than 1 items' }),
    );
  });

  it('names a figure whose format is not declared, and a format its calculation needs', () => {
    const problems = broken('bundle.json', (b) => {
      b.figures.site[2].format = 'volme';
    });
    expect(problems).toEqual([
      expect.objectContaining({
        pointer: '/figures/site/2/format',
        message: "no format 'volme' in figures.formats",
        hint: "did you mean 'volume'?",
      }),
    ]);
    const sm = join(import.meta.dirname, '../../schemas/sm');
    const root = mkdtempSync(join(tmpdir(), 'rw-kit-'));
    made.push(root);
    cpSync(sm, join(root, 'sm'), { recursive: true });
    const file = join(root, 'sm', 'bundle.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as Json;
    delete json.figures.formats.typed_volume;
    writeFileSync(file, JSON.stringify(json));
    expect(checkFolder(join(root, 'sm'))).toContainEqual(
      expect.objectContaining({
        pointer: '/figures/formats',
        message: "no format 'typed_volume': the abattement calculation's texts write with it",
      }),
    );
  });

  it('names a figure label or a verdict sentence missing from the messages', () => {
    const problems = broken('bundle.json', (b) => {
      b.figures.site[0].label = 'tank.results.aera';
      b.figures.verdicts = [
        {
          key: 'full',
          label: 'tank.results.tank',
          status: 'met',
          words: 'app.verdict.',
          line: 'tank.lines.',
        },
      ];
    });
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      ['/figures/site/0/label', "message key 'tank.results.aera' is missing from messages.fr.json"],
      ['/figures/verdicts/0/line', "message key 'tank.lines.met' is missing from messages.fr.json"],
    ]);
  });

  it('names an unknown var and the model path that was meant', () => {
    const problems = broken('bundle.json', (b) => {
      b.results.formulas[1].value['/'][0]['*'][0] = { var: 'form.project.rian' };
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/tank[\\/]bundle\.json$/),
        pointer: '/results/formulas/1/value/~1/0/*/0',
        message: "var 'form.project.rian': the form model has no 'project.rian'",
        hint: "did you mean 'project.rain'?",
      }),
    ]);
  });

  it('names a preview.ignores path the form model does not have', () => {
    const problems = broken('bundle.json', (b) => {
      b.preview = {
        ignores: ['project.name', 'roofs.*.nmae'],
        site: [{ label: 'app.preview.volume', value: { var: 'volume' } }],
      };
    });
    expect(problems).toEqual([
      expect.objectContaining({
        pointer: '/preview/ignores/1',
        message: "the form model has no 'roofs.*.nmae'",
        hint: "did you mean 'roofs.*.name'?",
      }),
    ]);
  });

  it('names an unknown operator and the one that was meant', () => {
    const problems = broken('bundle.json', (b) => {
      b.steps[1].totals[0].value = { sum_off: [{ var: 'form.roofs' }, 'surface'] };
    });
    expect(problems).toEqual([
      expect.objectContaining({
        pointer: '/steps/1/totals/0/value',
        message: "unknown json-logic operator 'sum_off'",
        hint: "did you mean 'sum_of'?",
      }),
    ]);
  });

  it('names a message key missing from a locale, where the bundle uses it', () => {
    const problems = broken('messages.fr.json', (m) => {
      delete m.tank.roof.surface;
    });
    expect(problems).toEqual([
      expect.objectContaining({
        pointer: '/steps/1/ui/fields/surface/ui:options/label',
        message: "message key 'tank.roof.surface' is missing from messages.fr.json",
      }),
    ]);
  });

  it('names a field missing from ui:order and says where to add it', () => {
    const problems = broken('bundle.json', (b) => {
      b.steps[1].ui['ui:order'] = ['name', 'coefficient'];
    });
    expect(problems).toEqual([
      expect.objectContaining({
        pointer: '/steps/1/ui/fields/surface',
        message: "field 'surface' is missing from ui:order",
        hint: "add 'surface' to /steps/1/ui/ui:order",
      }),
    ]);
  });

  it('names a failing fixture case and what it got', () => {
    const problems = broken('fixtures/roofs.json', (f) => {
      f.cases[0].expect.totals['tank.roof.total_surface'] = 999;
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: expect.stringMatching(/fixtures[\\/]roofs\.json$/),
      pointer: '/cases/0',
    });
    expect(problems[0]!.message).toMatch(/a complete project is valid.*total_surface.*1000.*999/);
  });

  it('lists every problem, not only the first', () => {
    const problems = broken('bundle.json', (b) => {
      b.steps[1].totals[0].value = { sum_off: [{ var: 'form.roofs' }, 'surface'] };
      b.note.sections[0].step = 'Chantiers';
    });
    expect(problems.map((p) => [p.pointer, p.hint])).toEqual([
      ['/steps/1/totals/0/value', "did you mean 'sum_of'?"],
      ['/note/sections/0/step', "did you mean 'Chantier'?"],
    ]);
  });

  it('names what the meta-schema refuses, with the values allowed', () => {
    const problems = broken('bundle.json', (b) => {
      b.sidebar[0].page = 'results-page';
    });
    expect(problems.some((p) => p.pointer === '/sidebar/0/page' && /calculator/.test(p.hint ?? ''))).toBe(
      true,
    );
  });
});
