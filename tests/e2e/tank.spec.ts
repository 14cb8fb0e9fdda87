import { expect, test } from '@playwright/test';
import { pdfText } from '../pdfText';
import { MAILBOX } from './ports';

/**
 * The calculator kept with the tests (tests/fixtures/bundles/tank) is a folder of JSON only: bundle,
 * messages, fixtures. Found through EXTRA_BUNDLES, it goes through the whole journey like the product's
 * calculators: home card, wizard, save, results from its formulas, history, note and its PDF.
 */
test('a calculator that is only a folder of JSON: home, wizard, results, history, note PDF', async ({
  page,
}) => {
  await page.goto('/client/tank');
  await expect(page.getByRole('heading', { name: 'Cuve de récupération', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dimensionner une cuve' })).toBeVisible();
  await page.getByRole('link', { name: 'Commencer' }).click();
  await expect(page).toHaveURL(/\/client\/tank\/calculator(\/\d)?$/);

  await expect(page.getByRole('heading', { name: 'Le chantier' })).toBeVisible();
  await page.getByLabel('Nom du chantier').fill('Gymnase des Lilas');
  await page.getByLabel('Code postal').fill('93260');
  await page.getByLabel(/^Pluie annuelle/).fill('640');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Les toitures' })).toBeVisible();
  await page.getByLabel('Nom de la toiture').fill('Salle');
  await page.getByLabel(/^Surface/).fill('800');
  await page.getByLabel('Revêtement').selectOption({ label: 'Gravillons (0,8)' });
  await page.getByRole('button', { name: /Ajouter une toiture/ }).click();
  await page.getByLabel('Nom de la toiture').nth(1).fill('Vestiaires');
  await page
    .getByLabel(/^Surface/)
    .nth(1)
    .fill('200');
  await page.getByLabel('Revêtement').nth(1).selectOption({ label: 'Végétalisé (0,6)' });
  await expect(page.getByText('Surface totale').locator('..')).toContainText('1 000');
  await page.getByRole('button', { name: 'Calculer' }).click();

  // 640 mm on 800 m² at 0.8 and 200 m² at 0.6: 486.4 m³ a year, three weeks of it in the tank.
  await expect(page).toHaveURL(/\/client\/tank\/results\?id=[\w-]+$/);
  const figures = page.locator('.totals');
  await expect(figures).toContainText('Surface des toitures');
  await expect(figures).toContainText('1 000 m²');
  await expect(figures).toContainText('486,4 m³');
  await expect(figures).toContainText('Cuve conseillée (trois semaines)');
  await expect(figures).toContainText('28,0 m³');

  await page.getByRole('link', { name: 'Compléter la note de calcul' }).click();
  await expect(page.locator('.note-section').filter({ hasText: '1. Chantier' })).toContainText(
    'Gymnase des Lilas',
  );
  await expect(page.locator('.note-section').filter({ hasText: '3. Résultats' })).toContainText('486,4 m³');
  await page.getByRole('textbox', { name: 'Informations complémentaires' }).first().fill('Cuve enterrée');
  const pdfResponse = page.waitForResponse((r) => r.url().includes('/api/tank/pdf_download/'));
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Télécharger la note de calcul' }).click();
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await popup;
  const replay = await page.request.post(response.url(), {
    data: response.request().postDataJSON() as object,
  });
  const text = await pdfText(await replay.body());
  expect(text).toContain('Cuve de récupération');
  expect(text).toContain('Gymnase des Lilas');
  expect(text).toContain('Cuve conseillée (trois semaines)');
  expect(text).toContain('486,4');
  expect(text).toContain('Cuve enterrée');

  await page.goto('/client/tank/history');
  await expect(page.getByRole('link', { name: 'Gymnase des Lilas', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Gymnase des Lilas' })).toContainText('93260');
  await page.getByRole('link', { name: 'Gymnase des Lilas', exact: true }).click();
  await expect(page).toHaveURL(/\/client\/tank\/calculator(\/\d)?\?id=/);
  // A stored project opens where its answers end: the roofs, as they were saved.
  await expect(page.getByRole('heading', { name: 'Les toitures' })).toBeVisible();
  await expect(page.getByLabel('Nom de la toiture').first()).toHaveValue('Salle');
});

/**
 * The test calculator's order workflow is JSON too (its bundle's `workflow`): the visitor orders a tank
 * from the history with its own order reference, the row then reads as ordered, and the sales address
 * receives the mail (a real SMTP receiver, tests/e2e/servers.ts).
 */
test('a calculator whose order workflow is only JSON: order from the history, ordered, mail received', async ({
  page,
}) => {
  const site = `Médiathèque ${Date.now()}`;
  // a step in the server format (playwright cannot load the engine's fixtures helper: its JSON imports)
  const step = (name: string, forms: Record<string, unknown>[]) => ({
    name,
    state: 2,
    condition_value: true,
    toApi: true,
    forms: forms.map((form, i) => ({ uuid: `${name}${i}`, form })),
  });
  const created = await page.request.post('/api/tank/project', {
    data: {
      steps: {
        Chantier: step('Chantier', [{ name: site, postcode: '69003', rain_mm: 820 }]),
        Toiture: step('Toiture', [
          { name: 'Toit nord', surface: 300, coefficient: 0.9 },
          { name: 'Toit sud', surface: 120, coefficient: 0.6 },
        ]),
      },
    },
  });
  expect(created.status()).toBe(200);

  await page.goto('/client/tank/history');
  const row = page.getByRole('row', { name: new RegExp(site) });
  await expect(row).toContainText('En cours');
  await row.getByRole('button', { name: 'Options du projet' }).click();
  await page.getByRole('menuitem', { name: 'Commander la cuve' }).click();
  await page.getByRole('textbox', { name: 'Votre référence de commande' }).fill('CUVE-2026-7');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(row).toContainText('Commandé n° CUVE-2026-7');
  // ordered once: the menu no longer offers it
  await row.getByRole('button', { name: 'Options du projet' }).click();
  await expect(page.getByRole('menuitem', { name: 'Supprimer le projet' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Commander la cuve' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // the sender delivers the outbox every few seconds: wait for the message, not for a time
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(MAILBOX)).json()) as string[];
      return mails.find((m) => m.includes('CUVE-2026-7')) ?? '';
    })
    .toContain('To: cuves@fabricant.example');
  const mails = (await (await page.request.get(MAILBOX)).json()) as string[];
  const mail = mails.find((m) => m.includes('CUVE-2026-7'))!;
  expect(mail).toContain('Toitures : 2');
  expect(mail).toMatch(/^Subject: .+/m);
});
