import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The live preview (issue 13): while the user types, the roofs step shows the site's abattement and each
 * roof's own, computed by the server's calculation on the unsaved answers; they follow an edit and agree
 * with the results page once the project is submitted.
 */
test('sm: the preview follows a substrate thickness and matches the results after submit', async ({
  page,
}) => {
  await page.goto('/client/login');
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/history$/);
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/sm-paris.json'), 'utf8'),
  ) as { steps: unknown };
  const made = await page.request.post('/api/skywater_manager/project', { data: { steps: example.steps } });
  const id = ((await made.json()) as { id: string }).id;
  await page.goto(`/client/sm/calculator?id=${id}`);
  await page
    .getByRole('button', { name: /^Toiture \(/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Toitures', level: 2 })).toBeVisible();

  const panel = page.getByRole('region', { name: 'Aperçu' });
  const site = panel.locator('dd').first();
  await expect(site).toHaveText(/^\d+,\d %$/);
  const card = page.locator('.card').first();
  const roof = card.locator('.card-preview dd').first();
  await expect(roof).toHaveText(/^\d+,\d %$/);
  const before = { site: await site.textContent(), roof: await roof.textContent() };

  // A thicker substrate holds more water: both figures change, without saving anything.
  const thickness = card.getByRole('textbox', { name: /Épaisseur du substrat/ });
  await thickness.fill('30');
  await expect(roof).not.toHaveText(before.roof!);
  await expect(site).not.toHaveText(before.site!);
  await expect(panel).toHaveAttribute('data-state', 'ready');
  const after = (await site.textContent())!;

  // A field emptied: the preview says what is missing instead of a figure.
  const surface = card.getByRole('textbox', { name: /^Surface/ });
  await surface.fill('');
  await expect(panel.getByRole('status')).toContainText('Aperçu indisponible');
  await surface.fill('800');
  await expect(site).toHaveText(after);

  await page
    .getByRole('button', { name: /^Déversement \(/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Envoyer le formulaire' }).click();
  await expect(page).toHaveURL(/\/client\/sm\/results$/);
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.results-summary')).toContainText(after);
});
