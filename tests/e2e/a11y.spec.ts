import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, CANADA } from './ports';

test('accessibility (axe, WCAG 2.1 AA): the flow limiter, every step and the send panel', async ({
  page,
}) => {
  await page.goto('/client/sl/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await expectAccessible(page, 'sl step 1');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await expectAccessible(page, 'sl step 1 with its error summary');
  for (const n of [2, 3]) {
    await page.goto(`/client/sl/calculator#${n}`);
    await expectAccessible(page, `sl step ${n}`);
  }
  await page.goto('/client/login');
  await expectAccessible(page, 'login');
});

test('accessibility (axe): the abattement calculators in admin mode and the Canadian one in English', async ({
  page,
}) => {
  await page.goto(`${ADMIN}/client/login`);
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/history$/);
  await expectAccessible(page, 'sl history');
  await page.goto(`${ADMIN}/client/home`);
  await expectAccessible(page, 'home of calculators');
  for (const n of [1, 2, 3, 4, 5]) {
    await page.goto(`${ADMIN}/client/sm/calculator#${n}`);
    await expect(page.locator('.step h2')).toBeVisible();
    await expectAccessible(page, `sm step ${n}`);
  }
  await page.goto(`${ADMIN}/client/sm/history`);
  await expectAccessible(page, 'sm history');
  await page.goto(`${CANADA}/client/smca/calculator`);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  for (const n of [1, 2, 3, 4, 5]) {
    await page.goto(`${CANADA}/client/smca/calculator#${n}`);
    await expect(page.locator('.step h2')).toBeVisible();
    await expectAccessible(page, `smca step ${n} (English)`);
  }
});
