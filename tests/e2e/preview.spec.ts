import { expect, test } from '@playwright/test';
import { PREVIEW_DELAY_MS } from '../../app/state/previewDelay';
import { checkAnswersThenSubmit, createSmExample, signInAsAdmin, submitSm } from './project';

/**
 * The live preview (issue 13): while the user types, the roofs step shows the site's abattement and each
 * roof's own, computed by the server's calculation on the unsaved answers; they follow an edit and agree
 * with the results page once the project is submitted.
 */
test('sm: the preview follows a substrate thickness and matches the results after submit', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const id = await createSmExample(page, 'Aperçu attendu');
  // Opening a stored project over a slow network: the preview waits for it, rather than computing the
  // empty form shown meanwhile (which would answer 422 and flash what that form lacks). Opened from the
  // history, the app's own navigation, whose loader fetches the project (a page loaded by its address
  // arrives drawn by the server with the project in it: drawn-page.spec.ts).
  const previews: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('/preview')) previews.push(r.status());
  });
  // Every preview asked, counted as the browser sends it: a route handler runs before its request can
  // be answered, so a preview whose answer the page has drawn is always counted here.
  let sent = 0;
  await page.route('**/preview', async (route) => {
    sent += 1;
    await route.continue();
  });
  // The project's answer is held until the page has been seen waiting (a state, not a delay: the
  // project is asked for beside the page's code, and a busy machine may run that code after any delay).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/project/${id}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/client/sm/history');
  await page.getByRole('link', { name: 'Aperçu attendu' }).click();
  // meanwhile no empty form one could start typing into: the history stays, the next page said on its
  // way (the route's loader fetches the project)
  await expect(page.locator('.route-pending-on')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Informations client' })).toHaveCount(0);
  release();
  await page
    .getByRole('button', { name: /^Toiture \(/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Toitures', level: 2 })).toBeVisible();

  const panel = page.getByRole('region', { name: 'Aperçu' });
  const site = panel.locator('dd').first();
  await expect(site).toHaveText(/^\d+,\d\s%$/);
  const card = page.locator('.card').first();
  const roof = card.locator('.card-preview dd').first();
  await expect(roof).toHaveText(/^\d+,\d\s%$/);
  const before = { site: await site.textContent(), roof: await roof.textContent() };
  expect(previews).toEqual([200]);

  // A roof's name is not read by the calculation (the bundle's preview.ignores): typing it asks the
  // server for nothing and the figures stay.
  const name = card.getByRole('textbox', { name: /^Nom de la toiture/ });
  await name.press('End');
  await name.pressSequentially(' nord', { delay: 40 });
  await expect(name).toHaveValue(/ nord$/);
  // The page's own clock past the preview's wait after the last key (a timer of the page's event loop,
  // so every shorter timer the page set has fired, however slow the machine): nothing was asked, and the
  // figures never left 'ready'.
  await page.evaluate((ms) => new Promise((done) => setTimeout(done, ms)), 10 * PREVIEW_DELAY_MS);
  expect(await panel.getAttribute('data-state')).toBe('ready');
  expect(sent).toBe(1);
  expect(previews).toEqual([200]);
  await expect(roof).toHaveText(before.roof!);

  // A thicker substrate holds more water: both figures change, without saving anything.
  const thickness = card.getByRole('textbox', { name: /Épaisseur du substrat/ });
  await thickness.fill('30');
  await expect(roof).not.toHaveText(before.roof!);
  await expect(site).not.toHaveText(before.site!);
  await expect(panel).toHaveAttribute('data-state', 'ready');
  const after = (await site.textContent())!;

  // A field emptied: the preview says calmly what to fill, and asks the server nothing meanwhile.
  const surface = card.getByRole('textbox', { name: /^Surface/ });
  const asked = previews.length;
  await surface.fill('');
  await expect(panel.getByRole('status')).toHaveText(
    "Les chiffres s'afficheront ici dès que les champs obligatoires de l'étape « Toitures » seront remplis.",
  );
  expect(previews).toHaveLength(asked);
  await surface.fill('800');
  await expect(site).toHaveText(after);

  await submitSm(page);
  await expect(page.locator('.results-summary')).toContainText(after);
});

/**
 * Noise (issue 27 item 14): the preview asks the server only once the steps the calculation reads have
 * their required answers, so typing a new project's roofs gets no 422, and before that it says calmly
 * what to fill instead of "Aperçu indisponible".
 */
test('sm: a new project asks for a preview only when its roofs are complete, never getting a 422', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const previews: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('/preview')) previews.push(r.status());
  });
  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  const next = () => page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await page.goto('/client/sm/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await box('Nom').fill('Jeanne Martin');
  await box('Société').fill('Bureau Martin');
  await box('E-mail').fill('jeanne@example.fr');
  await page.getByRole('combobox', { name: 'Profil' }).selectOption({ index: 1 });
  await box('Interlocuteur commercial').fill('Paul Durand');
  await next();
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeFocused();
  await box('Nom du chantier').fill('Groupe scolaire');
  await box('Ville').fill('Paris');
  await box('Code postal').fill('75019');
  await page.getByRole('radio', { name: 'Non' }).first().click();
  await next();

  await expect(page.getByRole('heading', { name: 'Toitures', level: 2 })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Aperçu' });
  await expect(panel.getByRole('status')).toHaveText(
    "Les chiffres s'afficheront ici dès que les champs obligatoires de l'étape « Toitures » seront remplis.",
  );
  await expect(panel).not.toContainText('indisponible');
  for (const [i, name, surface] of [
    [0, 'Toiture A', '800'],
    [1, 'Toiture B', '200'],
  ] as const) {
    if (i > 0) await page.getByRole('button', { name: /Ajouter une toiture/ }).click();
    await box('Nom de la toiture').nth(i).pressSequentially(name, { delay: 20 });
    await box('Surface').nth(i).pressSequentially(surface, { delay: 20 });
    await page.getByRole('combobox', { name: 'Système' }).nth(i).selectOption({ label: 'Autoprotégé' });
    await expect(panel).toHaveAttribute('data-state', 'ready');
    await expect(panel.locator('dd').first()).toHaveText(/^\d+(,\d)?\s%$/);
  }
  expect(previews.length).toBeGreaterThan(0);
  expect(previews.filter((s) => s !== 200)).toEqual([]);
});

/**
 * One visitor cannot stall the server (issue 26): a preview superseded while it is on its way is
 * cancelled by the page (the server then drops it if it still waits for a calculator), and the figures
 * shown are those of the last answers.
 */
test('sm: a newer edit cancels the preview on its way', async ({ page }) => {
  await signInAsAdmin(page);
  const id = await createSmExample(page);
  await page.goto(`/client/sm/calculator?id=${id}`);
  await page
    .getByRole('button', { name: /^Toiture \(/ })
    .first()
    .click();
  const panel = page.getByRole('region', { name: 'Aperçu' });
  const roof = page.locator('.card').first().locator('.card-preview dd').first();
  await expect(roof).toHaveText(/^\d+,\d\s%$/);
  // The server's answers take a while now: the first edit's request is still on its way at the second.
  const cancelled: string[] = [];
  const sent: string[] = [];
  page.on('requestfailed', (r) => {
    if (new URL(r.url()).pathname.endsWith('/preview')) cancelled.push(r.failure()?.errorText ?? '');
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/preview')) sent.push(r.postData() ?? '');
  });
  // The answers are held until the first request has been cancelled (a state, not a delay, which a busy
  // machine may outlast before the second edit is typed).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/preview', async (route) => {
    await held;
    await route.continue().catch(() => undefined); // the page may have cancelled it meanwhile
  });
  const thickness = page
    .locator('.card')
    .first()
    .getByRole('textbox', { name: /Épaisseur du substrat/ });
  await thickness.fill('30');
  await expect.poll(() => sent.length).toBe(1);
  await thickness.fill('25'); // within the substrate's range: the newer answers are asked for
  await expect.poll(() => cancelled.length).toBe(1);
  expect(cancelled[0]).toMatch(/abort/i);
  release();
  await expect(panel).toHaveAttribute('data-state', 'ready');
  expect(sent).toHaveLength(2);
  expect(sent[1]).not.toBe(sent[0]);
  await page.unroute('**/preview');
});

/**
 * Submit to charts (issue 12): while the wizard waits on its last step, the results page's code and the
 * charts library (ApexCharts, the app's largest download) are fetched, so Submit downloads no code.
 */
test('sm: the results page and its charts are fetched while the wizard waits on its last step', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const id = await createSmExample(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/client/sm/calculator?id=${id}`);
  await page
    .getByRole('button', { name: /^Déversement \(/ })
    .first()
    .click();
  await expect.poll(() => scripts.some((s) => s.includes('/apexcharts'))).toBe(true);
  await page.waitForLoadState('networkidle');
  const fetched = scripts.length;

  await checkAnswersThenSubmit(page);
  await expect(page).toHaveURL(new RegExp(`/client/sm/results\\?id=${id}$`));
  await expect(page.locator('.apexcharts-canvas').first()).toBeVisible();
  expect(scripts.slice(fetched)).toEqual([]);
});

/**
 * A page whose code cannot be downloaded (offline a moment, or a tab left open across a new version whose
 * files have new names) says so in the user's language with a way out, instead of a blank screen.
 */
test('a page whose code fails to download says so, and reloading brings it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/client/sm/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await page.route('**/assets/HistoryPage-*.js', (route) => route.abort());
  await page.getByRole('link', { name: 'Historique des projets' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("Cette page n'a pas pu être chargée");
  await page.unroute('**/assets/HistoryPage-*.js');
  await alert.getByRole('button', { name: 'Recharger la page' }).click();
  await expect(page.getByRole('heading', { name: 'Historique des projets', level: 1 })).toBeVisible();
});

/** The calculator's own words cannot be downloaded: the app says so in the user's language, with a way out. */
test("a calculator whose messages fail to download says so in the user's language", async ({ page }) => {
  await signInAsAdmin(page);
  await page.route('**/assets/messages.*.js', (route) => route.abort());
  await page.goto('/client/sm/calculator');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("Cette page n'a pas pu être chargée");
  await expect(alert).not.toContainText(/Failed to fetch|import/);
  await page.unroute('**/assets/messages.*.js');
  await alert.getByRole('button', { name: 'Recharger la page' }).click();
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
});

test('the login page whose code fails to download says so too', async ({ page }) => {
  await page.route('**/assets/LoginPage-*.js', (route) => route.abort());
  await page.goto('/client/login');
  await expect(page.getByRole('alert')).toContainText("Cette page n'a pas pu être chargée");
  await expect(page.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
});
