import { expect, test } from '@playwright/test';

test('admin mode: both French calculators, the history behind the login', async ({ page }) => {
  await page.goto('/client/home');
  await expect(page.getByRole('heading', { name: 'Abattement des eaux pluviales' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dimensionnement des limiteurs de débit' })).toBeVisible();

  await page.goto('/client/sm/history');
  await expect(page).toHaveURL(/\/client\/login$/);
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/client\/sl\/history$/);
  await expect(page.getByText("Aucune donnée n'a été trouvée.")).toBeVisible();
  await page.goto('/client/sl/calculator');
  await expect(page.getByRole('link', { name: 'Historique des projets' })).toBeVisible();
});
