import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createSmExample, projectInSession, signInAsAdmin } from './project';

const LABEL = 'Télécharger le modèle EPA SWMM (.inp)';

/** Issue 39.2: the French green roof site downloads as an EPA SWMM model from its results page. */
test('sm: the site downloads as an EPA SWMM model from the results', async ({ page }) => {
  await signInAsAdmin(page);
  const name = `Groupe scolaire Jules Ferry, bâtiment B ${Date.now()}`;
  const id = await createSmExample(page, name);
  await page.goto(`/client/sm/calculator?id=${id}`);
  await projectInSession(page, id);
  await page.goto('/client/sm/results');
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: LABEL }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name}.inp`);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text).toMatch(new RegExp(`^\\[TITLE\\]\\n;;Project Title/Notes\\n${name}, projet n° \\d+\\n`));
  expect(text).toMatch(/^S1 +GR1 +1 +800 /m);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('button', { name: LABEL }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/swmm-export-sm-${width}.png` });
  }
});
