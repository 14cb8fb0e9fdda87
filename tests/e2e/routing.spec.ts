/**
 * The router (React Router in data mode, app/routes.tsx): its redirects for the deployment's modes, the
 * sign-in and unknown pages, the failure of a page's code said in the user's language, and the question
 * asked before leaving a project with unsaved edits. Runs against the admin server; the client mode's
 * redirects against the client server.
 */
import { expect, test } from '@playwright/test';
import { CLIENT } from './ports';
import { createSmExample, projectInSession, signInAsAdmin, submitSm } from './project';

test('a calculator the mode does not offer and an unknown page go to the start page', async ({ page }) => {
  // the redirects draw nothing, and React Router has nothing to warn about ("Matched leaf route … does
  // not have an element")
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await page.goto(`${CLIENT}/client/`);
  await expect(page).toHaveURL(/\/client\/sl\/calculator\/1$/);
  // the client mode offers the flow limiters alone: its start page is their wizard
  await page.goto(`${CLIENT}/client/sm/history`);
  await expect(page).toHaveURL(/\/client\/sl\/calculator\/1$/);
  await page.goto(`${CLIENT}/client/no/such/page`);
  await expect(page).toHaveURL(/\/client\/sl\/calculator\/1$/);
  await page.goto(`${CLIENT}/client/sl/nowhere`);
  await expect(page).toHaveURL(/\/client\/sl\/calculator\/1$/);
  // the admin mode offers two: the home of calculators
  await page.goto('/client/no/such/page');
  await expect(page).toHaveURL(/\/client\/home$/);
  await expect(page.getByRole('heading', { name: 'Abattement des eaux pluviales' })).toBeVisible();
  expect(warnings.filter((w) => /Matched leaf route/.test(w))).toEqual([]);
});

test('the sign-in asked for a stored project brings the admin back to it', async ({ page }) => {
  await signInAsAdmin(page);
  const id = await createSmExample(page, `Routing ${Date.now()}`);
  await page.request.post('/api/auth/logout');
  await page.goto(`/client/sm/calculator?id=${id}`);
  await expect(page).toHaveURL(
    new RegExp(
      `/client/login\\?next=${encodeURIComponent(`/sm/calculator?id=${id}`).replace(/[?]/g, '\\?')}$`,
    ),
  );
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/sm/calculator/\\d\\?id=${id}$`));
  // the project is the one opened (kept in the session by the wizard)
  await projectInSession(page, id);
});

test("a page whose code cannot be downloaded says so in the user's language", async ({ page }) => {
  await signInAsAdmin(page);
  await page.route(/\/assets\/NotePage-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/client/sm/note');
  await expect(page.getByRole('alert')).toHaveText(/Cette page n'a pas pu être chargée/);
  await expect(page.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
});

test('leaving a project with unsaved edits asks first; its own pages do not', async ({ page }) => {
  await signInAsAdmin(page);
  const id = await createSmExample(page, `Leave ${Date.now()}`);
  await page.goto(`/client/sm/calculator/2?id=${id}`);
  const address = page.getByRole('textbox', { name: 'Adresse' });
  await expect(address).toBeVisible();
  const history = page.getByRole('link', { name: 'Historique des projets' });

  // nothing changed: the history opens at once
  await history.click();
  await expect(page).toHaveURL(/\/client\/sm\/history$/);
  await page.goBack();
  await expect(address).toBeVisible();

  await address.fill('14 avenue Daumesnil');
  await history.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toHaveText(/modifications non enregistrées/);
  // staying keeps the page and the answer typed
  await dialog.getByRole('button', { name: 'Rester' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/client\/sm\/calculator/);
  await expect(address).toHaveValue('14 avenue Daumesnil');
  // the browser's own moves are asked about too (Forward: to the history opened above)
  await page.goForward();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Rester' }).click();
  await expect(page).toHaveURL(/\/client\/sm\/calculator/);
  // the project's results are not a departure: they say the edits are not saved
  await page.getByRole('link', { name: 'Résultats' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/client/sm/results\\?id=${id}$`));
  await expect(page.getByText(/^Modifications non enregistrées/)).toBeVisible();
  // the sidebar's wizard (no ?id=) keeps the answers as typed
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('link', { name: 'Calculateur', exact: true })
    .click();
  await page.getByRole('button', { name: /^Chantier/ }).click();
  await expect(address).toHaveValue('14 avenue Daumesnil');
  // leaving for good
  await history.click();
  await dialog.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(/\/client\/sm\/history$/);
});

test("the results' address names the project: a tab without the session shows them, an unknown one says so", async ({
  page,
  context,
}) => {
  await signInAsAdmin(page);
  const id = await createSmExample(page, `Adresse ${Date.now()}`);
  await page.goto(`/client/sm/calculator?id=${id}`);
  await submitSm(page);
  await expect(page).toHaveURL(new RegExp(`/client/sm/results\\?id=${id}$`));
  const site = (p: typeof page) => p.getByRole('row', { name: /^Site entier/ }).getByRole('cell');
  const figures = await site(page).allTextContents();
  expect(figures.length).toBeGreaterThan(3);
  // a new tab of the same browser: its cookies, a session of its own (empty)
  const tab = await context.newPage();
  await tab.goto(page.url());
  await expect(site(tab)).toHaveText(figures);
  await expect(tab.getByText(/aucun projet n'est ouvert/)).toHaveCount(0);
  // an address naming no project: said as the calculator says it, and no results of another project
  await tab.goto('/client/sm/results?id=AAAAAAAAAAAAAAAAAAAAAA');
  await expect(
    tab.getByRole('alert').filter({ hasText: /^Aucun projet ne répond à cette adresse/ }),
  ).toBeVisible();
  await expect(site(tab)).toHaveCount(0);
});

test("a project's link opened without a session asks for the sign-in, which comes back to the link", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const id = await createSmExample(page, `Link ${Date.now()}`);
  const made = await page.request.post(`/api/skywater_manager/project/${id}/link`);
  const { token } = (await made.json()) as { token: string };
  await page.request.post('/api/auth/logout');
  await page.goto(`/client/open/${token}`);
  await expect(page).toHaveURL(new RegExp(`/client/login\\?next=${encodeURIComponent(`/open/${token}`)}$`));
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/sm/calculator/\\d\\?id=${id}$`));
  await page.getByRole('button', { name: /^Chantier/ }).click();
  await expect(page.getByRole('textbox', { name: 'Nom du chantier' })).toHaveValue(/^Link \d+$/);
});

test("a stored project's page arrives with its answers, and each of its files is fetched once (issue 40)", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const id = await createSmExample(page, 'Annoncé');
  const asked = new Map<string, number>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    asked.set(path, (asked.get(path) ?? 0) + 1);
  });
  let html = '';
  // drawn by the server once it has read its drawing code (server/ssr.ts): the project in the page
  await expect
    .poll(async () => (html = await (await page.request.get(`/client/sm/calculator?id=${id}`)).text()))
    .toContain('id="drawn-state"');
  expect(html).toMatch(/Projet\s:\s(<!-- -->)?Annoncé/);
  expect(html).not.toContain('rel="preload" as="fetch"');
  expect(html).toMatch(
    /<link rel="modulepreload" crossorigin href="\/client\/assets\/CalculatorPage-[^"]+\.js">/,
  );
  asked.clear();
  await page.goto(`/client/sm/calculator?id=${id}`);
  await expect(page).toHaveURL(/\/client\/sm\/calculator\/\d\?id=/);
  await expect(page.locator('.wizard .step h2')).toBeVisible();
  // the configuration and the project came with the page; its code, each file once
  expect(asked.get(`/api/skywater_manager/project/${id}`)).toBeUndefined();
  expect(asked.get('/api/config')).toBeUndefined();
  for (const [path, n] of asked) if (path.startsWith('/client/assets/')) expect(n, path).toBe(1);
});

test("the app's source maps stay on the machine: never named in its scripts, never served", async ({
  page,
}) => {
  const html = await (await page.request.get('/client/')).text();
  const script = /<script type="module" crossorigin src="(\/client\/assets\/[^"]+\.js)">/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const js = await page.request.get(script!);
  expect(js.status()).toBe(200);
  expect(await js.text()).not.toContain('sourceMappingURL');
  expect((await page.request.get(`${script}.map`)).status()).toBe(404);
});
