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
      'steps.Toiture.forms.0.form.drain_stroke [check]: Toiture 1 (Toiture A) – Épaisseur de la couche drainante\u00a0: La valeur doit être comprise entre 5 et 100',
    );
    expect(r.stderr).toContain(
      'steps.Toiture.forms.1.form.surface [exclusiveMinimum]: Toiture 2 (Toiture B) – Surface\u00a0: La valeur doit être supérieure à 0 m²',
    );
    const ca = example('smca-toronto');
    form(ca, 'Toiture').substrat_stroke = 500;
    writeFileSync(file, JSON.stringify(ca));
    expect(cli(file, '--locale', 'en').stderr).toContain(
      'steps.Toiture.forms.0.form.substrat_stroke [check]: Roof 1 (Tower roof) – Growing medium thickness: Value must be between 40 and 400 mm',
    );
  });
  it('refuses answers beyond physics as the form and the API do, each field named with its bound', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calc-'));
    const p = example('sl-lyon');
    Object.assign(form(p, 'Chantier'), {
      max_fuite: true,
      fuite_value: 1e6,
      max_retention: true,
      hauteur_eau: 500,
      montana_source: 'saisi',
      montana_periode: '10',
      montana_a: 15.096,
      montana_b: 0.803,
      montana_duree_min: 30,
      montana_duree_max: 1e6,
      montana_reference: 'Arrêté',
    });
    Object.assign(form(p, 'Toiture'), {
      type: 'GRAVILLON',
      gravel_thickness: 5000,
      hauteur: 5000,
      evac_horizontal: 10000,
      evac_vertical: 0,
    });
    p.steps.Toiture!.forms!.push({
      form: { ...form(p, 'Toiture'), name: 'Géante', surface_retention: 1e308 },
    });
    writeFileSync(join(dir, 'sl.json'), JSON.stringify(p));
    const sl = cli(join(dir, 'sl.json'));
    expect(sl.status).toBe(1);
    const said = sl.stderr.replace(/[\u202f\u00a0]/g, ' ');
    for (const line of [
      'steps.Chantier.forms.0.form.fuite_value [maximum]: Débit de fuite maximal : La valeur doit être inférieure ou égale à 100 L/s/ha',
      "steps.Chantier.forms.0.form.hauteur_eau [maximum]: Hauteur d'eau : La valeur doit être inférieure ou égale à 50 cm",
      'steps.Chantier.forms.0.form.montana_duree_max [maximum]: Durée maximale de validité (min) : La valeur doit être inférieure ou égale à 11 520',
      'steps.Toiture.forms.0.form.hauteur [maximum]: Toiture 1 (Toiture A) – Hauteur de décaissé : La valeur doit être inférieure ou égale à 300 mm',
      'steps.Toiture.forms.0.form.gravel_thickness [maximum]: Toiture 1 (Toiture A) – Épaisseur de gravillons : La valeur doit être inférieure ou égale à 300 mm',
      'steps.Toiture.forms.0.form.evac_horizontal [check]: Toiture 1 (Toiture A) – Évacuations horizontales : Au plus 120 évacuations (horizontales et verticales)',
      'steps.Toiture.forms.1.form.surface_retention [maximum]: Toiture 2 (Géante) – Surface de rétention : La valeur doit être inférieure ou égale à 1 000 000 m²',
    ])
      expect(said).toContain(line);
    // a Canadian project in imperial units, in English: the bound in square feet
    const ca = example('smca-toronto');
    Object.assign(form(ca, 'Chantier'), { unit_system: 'IMPERIAL' });
    form(ca, 'Toiture').surface = 1e308;
    writeFileSync(join(dir, 'smca.json'), JSON.stringify(ca));
    expect(cli(join(dir, 'smca.json'), '--locale', 'en').stderr.replace(/,/g, ' ')).toContain(
      'steps.Toiture.forms.0.form.surface [maximum]: Roof 1 (Tower roof) – Area: The value must be at most 10 700 000 ft²',
    );
    // within its bounds, a leakage of 1e-300 L/s/ha gives no figure a number holds: refused, named
    const tiny = example('sl-lyon');
    Object.assign(form(tiny, 'Chantier'), { max_fuite: true, fuite_value: 1e-300 });
    writeFileSync(join(dir, 'tiny.json'), JSON.stringify(tiny));
    const r = cli(join(dir, 'tiny.json'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      "steps.Chantier.forms.0.form.fuite_value: Débit de fuite maximal\u00a0: le calcul en tire des chiffres au-delà de ce qu'un nombre peut représenter.",
    );
  });
});
