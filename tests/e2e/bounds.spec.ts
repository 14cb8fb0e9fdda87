/**
 * Answers beyond physics in the browser (issue 36 item 5): the form says each bound beside its field, in
 * the user's words and the project's unit, as the API and the command line refuse it; a project stored
 * before the bounds existed opens with its answers as stored, the error beside each field, and is saved
 * once corrected. A server of the test process, on its own SQLite folder, serves the e2e build; its
 * database is changed as an earlier version would have left it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { PORTS } from './ports';

const root = join(import.meta.dirname, '../..');
const example = JSON.parse(readFileSync(join(root, 'server/calc/examples/sl-lyon.json'), 'utf8')) as {
  steps: { Toiture: { forms: { form: Record<string, unknown> }[] } };
};
const url = `http://127.0.0.1:${PORTS.spareA}`;
let dir = '';
let spare: ChildProcess | undefined;
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rw-e2e-bounds-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'tests/e2e/spareServers.ts'), `${PORTS.spareA}:${dir}`],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  spare = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the spare server stopped (${String(code)})`)));
  });
});
test.afterAll(async () => {
  if (spare && spare.exitCode === null) {
    const exited = new Promise((resolve) => spare!.once('exit', resolve));
    spare.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Rewrites a stored project's roofs as a version without bounds let it keep them. */
function storedBefore(id: string, roofs: Record<string, unknown>[]): void {
  const db = new Database(join(dir, 'app.db'));
  try {
    const row = db.prepare('select content from projects where id = ?').get(id) as { content: string };
    const steps = JSON.parse(row.content) as typeof example.steps;
    steps.Toiture.forms = roofs.map((form, i) => ({ form, uuid: `Toiture${i}` }));
    db.prepare('update projects set content = ? where id = ?').run(JSON.stringify(steps), id);
  } finally {
    db.close();
  }
}

const box = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('a project stored beyond the bounds opens with each error beside its field, and saves once corrected', async ({
  page,
}) => {
  const made = await page.request.post(`${url}/api/slowli/project`, { data: { steps: example.steps } });
  const id = ((await made.json()) as { id: string }).id;
  const roof = example.steps.Toiture.forms[0]!.form;
  storedBefore(id, [
    { ...roof, name: 'Halle', surface_retention: 2_000_000 },
    {
      ...roof,
      name: 'Auvent',
      surface_retention: 1200,
      evac_horizontal: 10000,
      evac_vertical: 0,
      hauteur: 5000,
    },
  ]);
  // the wizard opens on the step the bounds now block, each message beside its field
  await page.goto(`${url}/client/sl/calculator?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  // the answers as stored, never changed behind the user's back
  await expect(box(page, 'Surface de rétention').first()).toHaveValue('2000000');
  await expect(box(page, 'Surface de rétention').first()).toHaveAccessibleDescription(
    /^La valeur doit être inférieure ou égale à 1\s000\s000 m²$/,
  );
  await expect(box(page, 'Évacuations horizontales').nth(1)).toHaveAccessibleDescription(
    /^Au plus 120 évacuations \(horizontales et verticales\) sur 1\s200 m²\s: une évacuation draine au moins 10 m²/,
  );
  await expect(box(page, 'Hauteur de décaissé').nth(1)).toHaveAccessibleDescription(
    /^La valeur doit être inférieure ou égale à 300 mm/,
  );
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await box(page, 'Surface de rétention').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`bounds-sl-${width}.png`), fullPage: true });
  }
  // corrected, the project is saved and calculated
  await box(page, 'Surface de rétention').first().fill('1000000');
  await expect(box(page, 'Surface de rétention').first()).not.toHaveAttribute('aria-invalid', 'true');
  await box(page, 'Évacuations horizontales').nth(1).fill('100');
  await box(page, 'Hauteur de décaissé').nth(1).fill('20');
  await expect(page.locator('.field-message')).toHaveCount(0);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/slowli/project') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Lancer le calcul' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/\/client\/sl\/results\?id=[\w-]+$/);
  const stored = (await (await page.request.get(`${url}/api/slowli/project/${id}`)).json()) as typeof example;
  expect(stored.steps.Toiture.forms.map((f) => f.form.surface_retention)).toEqual([1_000_000, 1200]);
});

test('an answer typed beyond a bound is refused beside its field once left, in the project unit', async ({
  page,
}) => {
  const made = await page.request.post(`${url}/api/slowli/project`, { data: { steps: example.steps } });
  const id = ((await made.json()) as { id: string }).id;
  await page.goto(`${url}/client/sl/calculator?id=${id}#2`);
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: /débit de fuite/i })
    .getByRole('radio', { name: 'Oui' })
    .check();
  const leakage = box(page, 'Débit de fuite maximal');
  await leakage.fill('1000000');
  await leakage.press('Tab');
  await expect(leakage).toHaveAccessibleDescription(
    /^La valeur doit être inférieure ou égale à 100 L\/s\/ha$/,
  );
  await leakage.fill('0');
  await leakage.press('Tab');
  await expect(leakage).toHaveAccessibleDescription(/^La valeur doit être supérieure à 0 L\/s\/ha$/);
  await leakage.fill('10');
  await leakage.press('Tab');
  await expect(leakage).not.toHaveAttribute('aria-invalid', 'true');
});
