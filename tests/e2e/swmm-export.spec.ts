import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { projectInSession, signInAsAdmin } from './project';

const example = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../server/calc/examples/sl-lyon.json'), 'utf8'),
) as { steps: Record<string, { forms: { form: Record<string, unknown> }[] }> };

/** The download the button named `label` saves: its name and its text. */
async function downloadOf(page: Page, label: string): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: label }).click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

const LABEL = 'Télécharger le modèle EPA SWMM (.inp)';

test("the sl design downloads as an EPA SWMM model from the admin's results and note pages, never a client's", async ({
  page,
}) => {
  // a client's results: the verdict and the submission panel, no model (it holds the orifice)
  const name = 'Entrepôt des Bassins, bâtiment logistique principal';
  example.steps.Chantier!.forms[0]!.form.name = name;
  const made = await page.request.post('/api/slowli/project', { data: { steps: example.steps } });
  const id = ((await made.json()) as { id: string }).id;
  await page.goto(`/client/sl/calculator?id=${id}`);
  await projectInSession(page, id);
  await page.goto('/client/sl/results');
  await expect(page.getByRole('heading', { name: 'Vérification du dimensionnement' })).toBeVisible();
  await expect(page.getByRole('button', { name: LABEL })).toHaveCount(0);

  // the admin's results and note pages offer it, named after the project
  await signInAsAdmin(page);
  await page.goto(`/client/sl/calculator?id=${id}`);
  await projectInSession(page, id);
  await page.goto('/client/sl/results');
  await expect(page.getByRole('table', { name: 'Limiteurs' })).toBeVisible();
  const fromResults = await downloadOf(page, LABEL);
  expect(fromResults.name).toBe(`${name}.inp`);
  expect(fromResults.text).toMatch(/^\[TITLE\]\n;;Project Title\/Notes\nEntrepôt des Bassins/);
  expect(fromResults.text).toContain('[STORAGE]');
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('button', { name: LABEL }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/swmm-export-results-${width}.png`, fullPage: false });
  }
  await page.goto('/client/sl/note');
  const fromNote = await downloadOf(page, LABEL);
  expect(fromNote.text).toBe(fromResults.text);
  await page.getByRole('button', { name: LABEL }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/swmm-export-note-1366.png' });
});
