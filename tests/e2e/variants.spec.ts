import { expect, test } from '@playwright/test';
import { createSmExample, projectInSession, signInAsAdmin, submitSm } from './project';

/**
 * Variants (issue 13): a calculated project duplicated as a variant opens in the wizard, is changed and
 * calculated; the comparison shows both side by side (the difference marked, the changed answer named,
 * the monthly series overlaid); the history keeps the variant under its project and opens the comparison.
 */
test('sm: duplicate as a variant, change it, compare the two, find them grouped in the history', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const name = `Variantes ${Date.now()}`;
  const id = await createSmExample(page, name);

  // The first project, calculated.
  await page.goto(`/client/sm/calculator?id=${id}`);
  // the project is open once the wizard's session holds it
  await projectInSession(page, id);
  await page.goto('/client/sm/results');
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Comparer les variantes' })).toHaveCount(0);

  // Duplicated: the variant opens in the wizard and says which it is.
  await page.getByRole('button', { name: 'Dupliquer en variante' }).click();
  // on its first step, where its changes begin (not on the spills, the last step)
  await expect(page).toHaveURL(/\/client\/sm\/calculator\/1\?id=/);
  await expect(page.getByRole('heading', { name: 'Informations client', exact: true })).toBeVisible();
  expect(page.url()).not.toContain(id);
  await expect(page.getByText(/^Variante 2 créée/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Variante 2');

  // A thicker substrate on the first roof, then the calculation.
  await page
    .getByRole('button', { name: /^Toiture \(/ })
    .first()
    .click();
  const card = page.locator('.card').first();
  await card.getByRole('textbox', { name: /Épaisseur du substrat/ }).fill('30');
  await submitSm(page);
  const variantSite = (await page.locator('.results-summary').textContent())!;

  // The comparison: both variants, the difference marked as better, the changed answer, the charts.
  await page.getByRole('link', { name: 'Comparer les variantes' }).click();
  await expect(page.getByRole('heading', { name: 'Comparaison des variantes', level: 1 })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Chiffres clés' });
  await expect(figures.getByRole('columnheader')).toHaveText([
    'Chiffre',
    /^Variante 1.*Ouvrir$/,
    /^Variante 2.*Ouvrir$/,
  ]);
  const site = figures.getByRole('row', { name: /^Abattement annuel du site/ });
  const cells = site.getByRole('cell');
  await expect(cells.nth(1)).toHaveClass(/cmp-better/);
  await expect(cells.nth(1)).toContainText(/\(\+\d+,\d\spt, mieux que la variante 1\)/);
  // the variant's own figure is the one its results page gave
  const shown = (await cells.nth(1).textContent())!.match(/^\d+,\d\s%/)![0];
  expect(variantSite).toContain(shown);
  const inputs = page.getByRole('region', { name: "Ce qui change d'une variante à l'autre" });
  await expect(inputs.getByRole('row', { name: /Toiture A\) · Épaisseur du substrat/ })).toContainText('30');
  const chart = page.getByRole('figure').filter({ hasText: 'Toiture A : abattement mensuel par variante' });
  // one line per variant, overlaid in one chart
  await expect(chart.locator('.apexcharts-series')).toHaveCount(2);
  await expect(
    page.getByRole('region', { name: 'Valeurs mensuelles de Toiture A par variante' }).getByRole('rowheader'),
  ).toHaveText(['Variante 1', 'Variante 2']);

  // The history: the variant under its project, and the comparison from the row menu.
  await page.goto('/client/sm/history');
  await page.getByRole('searchbox').fill(name);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Variante 1');
  // named as its project, the variant is listed by its number alone
  await expect(rows.nth(1).getByRole('link')).toHaveText('Variante 2');
  await expect(rows.nth(1)).toHaveClass(/history-variant/);
  await rows.nth(1).getByRole('button', { name: 'Options du projet' }).click();
  await page.getByRole('menuitem', { name: 'Comparer les variantes' }).click();
  await expect(page).toHaveURL(/\/client\/sm\/compare\?id=/);
  await expect(page.getByRole('region', { name: 'Chiffres clés' }).getByRole('columnheader')).toHaveCount(3);
});

test('sm: the variants are named on the comparison, and the names stay: columns, history', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const name = `Noms ${Date.now()}`;
  const id = await createSmExample(page, name);
  const made = await page.request.post(`/api/skywater_manager/project/${id}/variant`);
  expect(made.status()).toBe(201);
  await page.goto(`/client/sm/compare?id=${id}`);
  const names = page.getByRole('region', { name: 'Noms des variantes' });
  await names.getByRole('textbox', { name: 'Nom de la variante 1' }).fill('Base');
  await names.getByRole('textbox', { name: 'Nom de la variante 2' }).click();
  await expect(page.getByText('Nom de la variante 1 enregistré.')).toBeVisible();
  await names.getByRole('textbox', { name: 'Nom de la variante 2' }).fill('Toundra + Retentio');
  await names.getByRole('textbox', { name: 'Nom de la variante 2' }).press('Enter');
  await expect(page.getByText('Nom de la variante 2 enregistré.')).toBeVisible();
  const heads = page.getByRole('region', { name: 'Chiffres clés' }).getByRole('columnheader');
  await expect(heads.nth(1)).toContainText('Variante 1 · Base');
  await expect(heads.nth(2)).toContainText('Variante 2 · Toundra + Retentio');
  // stored with the projects: read back after a reload, and in the history's badges
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nom de la variante 2' })).toHaveValue('Toundra + Retentio');
  await page.goto('/client/sm/history');
  await page.getByRole('searchbox').fill(name);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Variante 1 · Base');
  await expect(rows.nth(1)).toContainText('Variante 2 · Toundra + Retentio');
});
