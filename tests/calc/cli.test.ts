import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { example, form } from './helpers';

const cli = (...args: string[]) =>
  spawnSync('npx', ['tsx', 'server/calc/cli.ts', ...args], { encoding: 'utf8' });

describe('npm run calc', () => {
  it('prints the flow-limiter table of a project file', () => {
    const out = execFileSync('npx', ['tsx', 'server/calc/cli.ts', 'server/calc/examples/sl-lyon.json'], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/Volume to store 41\.1 m3 \(méthode des pluies 37\.9 m3\)/);
    expect(out).toMatch(/peak outflow 1\.2 L\/s/);
    expect(out).toMatch(/desbordes: 132 min intense in 528 min, peak 1\.2 L\/s \(99\.92 % of the permit\)/);
    expect(out).toMatch(/Verdict: conform/);
    expect(out).toMatch(/Toiture A/);
    expect(out).toMatch(/Orifice 27 mm/);
  });
  it('prints the monthly abattement of an smca project', () => {
    const r = cli('server/calc/examples/smca-toronto.json');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Station: Toronto/);
    expect(r.stdout).toMatch(/Tower roof abattement %/);
  });
  it('lists the reasons and exits 1 when the project cannot be calculated', () => {
    const p = example('sm-paris');
    form(p, 'Chantier').postcode = '97400';
    const file = join(mkdtempSync(join(tmpdir(), 'calc-')), 'p.json');
    writeFileSync(file, JSON.stringify(p));
    const r = cli(file);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Le projet ne peut pas encore être calculé/);
    expect(r.stderr).toMatch(/steps\.Chantier\.forms\.0\.form\.postcode: .*aucune station climatique/);
  });
  it('refuses the answers the form and the API refuse, naming each field and its rule', () => {
    const p = example('sm-paris');
    form(p, 'Toiture').drain_stroke = -50;
    form(p, 'Toiture', 1).surface = -10;
    const file = join(mkdtempSync(join(tmpdir(), 'calc-')), 'p.json');
    writeFileSync(file, JSON.stringify(p));
    const r = cli(file);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      'steps.Toiture.forms.0.form.drain_stroke [check]: Toiture 1 (Toiture A) – Épaisseur de la couche drainante : La valeur doit être comprise entre 5 et 100',
    );
    expect(r.stderr).toContain('steps.Toiture.forms.1.form.surface [minimum]:');
    const ca = example('smca-toronto');
    form(ca, 'Toiture').substrat_stroke = 500;
    writeFileSync(file, JSON.stringify(ca));
    expect(cli(file, '--locale', 'en').stderr).toContain(
      'steps.Toiture.forms.0.form.substrat_stroke [check]: Roof 1 (Tower roof) – Growing medium thickness: Value must be between 40 and 400 mm',
    );
  });
});
