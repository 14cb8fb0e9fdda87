import { expect, test } from '@playwright/test';
import { createSmExample, signInAsAdmin } from './project';

test('admin mode: both French calculators, the history behind the login', async ({ page }) => {
  await page.goto('/client/home');
  await expect(page.getByRole('heading', { name: 'Abattement des eaux pluviales' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dimensionnement des limiteurs de débit' })).toBeVisible();
  // Without a session the home says the calculators need one, and offers the sign-in.
  await expect(page.getByText("Les calculateurs sont réservés à l'équipe")).toBeVisible();
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/client\/login$/);
  await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();

  // Without a session every page of a calculator asks for the login, which brings the admin back.
  await page.goto('/client/sm/history');
  await expect(page).toHaveURL(/\/client\/login\?next=%2Fsm%2Fhistory$/);
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/client\/sm\/history$/);
  await expect(page.getByRole('heading', { name: 'Historique des projets', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Créé le/ })).toBeVisible(); // sm: created and modified
  // the two calculators' histories, under one title, each say whose it is
  await expect(page.getByText('Calculateur : Abattement des eaux pluviales')).toBeVisible();
  // An empty history offers the next action.
  await page.goto('/client/sl/history');
  await expect(page.getByText('Calculateur : Dimensionnement des limiteurs de débit')).toBeVisible();
  await expect(page.getByText("Aucune donnée n'a été trouvée.")).toBeVisible();
  await page.getByRole('link', { name: 'Créer un premier projet' }).click();
  await expect(page).toHaveURL(/\/client\/sl\/calculator(\/\d)?$/);
  // The default brand: the logo and the calculators' name beside the menu.
  await expect(page.locator('.sidebar-brand img')).toHaveAttribute('src', /logo|data:image\/svg/);
  await expect(page.locator('.sidebar-name')).toHaveText('Calculateurs eaux pluviales');
  await expect(page.getByRole('link', { name: 'Historique des projets' })).toBeVisible();
  // The menu leads to the other calculator through the home of calculators, and signs out.
  await page.getByRole('link', { name: 'Accueil des calculateurs' }).click();
  await expect(page).toHaveURL(/\/client\/home$/);
  // Signed in, the home no longer offers the sign-in.
  await expect(page.getByRole('heading', { name: 'Abattement des eaux pluviales' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
  await page.goto('/client/sm/calculator');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/client\/login\?next=%2Fsm%2Fcalculator(%2F\d)?$/);
  await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
  await page.goto('/client/sm/calculator');
  await expect(page).toHaveURL(/\/client\/login\?next=%2Fsm%2Fcalculator(%2F\d)?$/);
  // The mode's root is the home of calculators.
  await page.goto('/client/');
  await expect(page).toHaveURL(/\/client\/home$/);
});

test('an admin session that ended says so on the page, and signing in comes back to it', async ({
  page,
  context,
}) => {
  await signInAsAdmin(page);
  const id = await createSmExample(page, 'Session finie');
  await page.goto(`/client/sm/results?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  // The session ends (expired, or signed out in another tab); the next call is refused with 401.
  await context.clearCookies();
  await page.getByRole('button', { name: 'Télécharger les résultats (Excel)' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Votre session administrateur a pris fin' });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/login\\?next=%2Fsm%2Fresults%3Fid%3D${id}$`));
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/sm/results\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  await expect(page.getByText('Votre session administrateur a pris fin')).toHaveCount(0);
});

test('signing in without a page to come back to opens the history of the calculator the tab showed last', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // the first calculator of the deployment with an admin page is sl: the sm admin works on sm…
  await page.goto('/client/sm/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  // …signs out, then opens the sign-in page itself (a bookmark, the address typed)
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.goto('/client/login');
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/client\/sm\/history$/);
  await expect(page.getByRole('heading', { name: 'Historique des projets', level: 1 })).toBeVisible();
});
