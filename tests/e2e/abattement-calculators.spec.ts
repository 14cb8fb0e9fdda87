import { expect, test, type Page } from '@playwright/test';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const next = (page: Page) => page.getByRole('button', { name: 'Suivant', exact: true }).click();

async function fillClient(page: Page) {
  await textbox(page, 'Nom').fill('Jeanne Martin');
  await textbox(page, 'Société').fill('Bureau Martin');
  await textbox(page, 'E-mail').fill('jeanne@example.fr');
  await page.getByRole('combobox', { name: 'Profil' }).selectOption({ index: 1 });
  await textbox(page, 'Interlocuteur commercial').fill('Paul Durand');
  await next(page);
}

test('sm: Paris rule, system presets, the ground question and the spill choices', async ({ page }) => {
  await page.goto('/client/sm/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await fillClient(page);

  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeFocused();
  await textbox(page, 'Nom du chantier').fill('Groupe scolaire');
  await textbox(page, 'Ville').fill('Paris');
  await textbox(page, 'Code postal').fill('75019');
  await page.getByRole('radio', { name: 'Oui' }).click();
  await textbox(page, 'Hauteur de pluie à abattre').fill('10');
  await expect(page.getByText('Pour Paris: 4, 8, 12, 16')).toBeVisible();
  await next(page);
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeVisible();
  await textbox(page, 'Hauteur de pluie à abattre').fill('8');
  await next(page);

  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  await textbox(page, 'Nom de la toiture').fill('Toiture A');
  await textbox(page, 'Surface').fill('800');
  await page.getByRole('combobox', { name: 'Système' }).selectOption({ label: 'Toundra' });
  await expect(page.getByRole('combobox', { name: 'Substrat' }).locator('option:checked')).toHaveText(
    'SFX (extensif)',
  );
  await expect(textbox(page, 'Épaisseur du substrat')).toHaveValue('10');
  await page.getByRole('combobox', { name: 'Couche drainante' }).selectOption({ label: 'Sopradrain Duo 25' });
  await expect(textbox(page, 'Épaisseur de la couche drainante')).toHaveValue('2.5');
  await expect(textbox(page, 'Épaisseur de la couche drainante')).toBeDisabled();
  await page.getByRole('button', { name: /Ajouter une toiture/ }).click();
  await textbox(page, 'Nom de la toiture').nth(1).fill('Toiture B');
  await textbox(page, 'Surface').nth(1).fill('200');
  await page.getByRole('combobox', { name: 'Système' }).nth(1).selectOption({ label: 'Autoprotégé' });
  await expect(page.getByRole('combobox', { name: 'Substrat' })).toHaveCount(1);
  await next(page);

  await expect(page.getByText('Ce projet comporte-t-il au moins une surface au sol ?')).toBeVisible();
  await page.getByRole('radio', { name: 'Oui' }).click();
  await textbox(page, 'Nom de la surface').fill('Jardin');
  await textbox(page, 'Surface').fill('300');
  await page.getByRole('combobox', { name: 'Type de sol' }).selectOption({ label: 'Pleine terre' });
  await next(page);

  await expect(page.getByRole('heading', { name: 'Toiture Toiture A' })).toBeVisible();
  const first = page.getByRole('combobox', { name: 'Se deverse dans' }).first();
  await expect(first.locator('option')).toHaveText(['Choisir une option', 'Égouts', 'Toiture B', 'Jardin']);
  await first.selectOption({ label: 'Toiture B' });
  await page.getByRole('combobox', { name: 'Se deverse dans' }).nth(1).selectOption({ label: 'Toiture A' });
  await expect(
    page.getByText("Cette destination ferait revenir l'eau sur cette toiture").first(),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Se deverse dans' }).nth(1).selectOption({ label: 'Jardin' });
  await expect(page.getByRole('button', { name: 'Envoyer le formulaire' })).toBeEnabled();
});

test('smca: the Canadian wizard renders from its bundle', async ({ page }) => {
  await page.goto('/client/smca/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Profil' }).locator('option')).toHaveCount(13);
  await fillClient(page);
  await expect(page.getByRole('combobox', { name: 'Région pluviométrique' })).toBeVisible();
});

test('an unknown route goes to the flow-limiter calculator', async ({ page }) => {
  await page.goto('/client/nowhere/at/all');
  await expect(page).toHaveURL(/\/client\/sl\/calculator$/);
});
