/**
 * "Check your answers" (issue 37 item 1), on the Canadian calculator (canada server): the review shows the
 * answers as the form holds them, says when some are not saved, and its button saves them and calculates
 * exactly as the wizard's last step does; a save that fails says why and stays on the review.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const example = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../server/calc/examples/smca-toronto.json'), 'utf8'),
) as { steps: { Toiture: { forms: { form: Record<string, unknown> }[] } } };

/** The Toronto example stored for this browser; answers its id. */
async function storeExample(page: Page): Promise<string> {
  await page.goto('/client/smca');
  const made = await page.request.post('/api/smca/project', { data: { steps: example.steps } });
  return ((await made.json()) as { id: string }).id;
}

/** The stored project's first roof system, as the server holds it. */
async function storedSystem(page: Page, id: string): Promise<unknown> {
  const r = await page.request.get(`/api/smca/project/${id}`);
  const p = (await r.json()) as { steps: typeof example.steps };
  return p.steps.Toiture.forms[0]!.form.system;
}

/** From the wizard of a stored project: the review, then Modifier on the roofs, a system changed, Back. */
async function changeASystemThenBack(page: Page, id: string): Promise<void> {
  await page.goto(`/client/smca/calculator?id=${id}`);
  await page.getByRole('button', { name: 'Vérifier mes réponses' }).click();
  await expect(page).toHaveURL(/\/client\/smca\/review$/);
  const roofs = page.getByRole('region', { name: 'Toitures' });
  await expect(roofs).toContainText(/Système\s*Extensif/);
  await page.getByRole('link', { name: 'Modifier : Toitures' }).click();
  await page.getByRole('combobox', { name: 'Système' }).first().selectOption({ label: 'Intensif' });
  await page.goBack();
  await expect(page).toHaveURL(/\/client\/smca\/review$/);
  // the review shows the answer as the form holds it, and says it is not saved yet
  await expect(roofs.getByText('Intensif').first()).toBeVisible();
  await expect
    .soft(page.getByRole('status').filter({ hasText: /ne sont pas encore enregistrées/ }))
    .toBeVisible();
}

test('the review saves the answers changed since, then calculates them', async ({ page }) => {
  const id = await storeExample(page);
  await changeASystemThenBack(page, id);
  expect(await storedSystem(page, id)).toBe('CA_EXTENSIF');

  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'PUT' && path === '/api/smca/project') calls.push('save');
    if (path.startsWith('/api/smca/calculate/')) calls.push('calculate');
  });
  await page.getByRole('button', { name: 'Lancer le calcul' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/smca/results\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  // saved first, then calculated: the results are of the answers reviewed, with nothing left unsaved
  expect(calls).toEqual(['save', 'calculate']);
  expect(await storedSystem(page, id)).toBe('INTENSIF');
  await expect(page.getByText(/^Modifications non enregistrées/)).toHaveCount(0);
});

test('a save refused from the review says why, stays, and can keep the answers as a new project', async ({
  page,
}) => {
  const id = await storeExample(page);
  await changeASystemThenBack(page, id);
  // meanwhile the project changes elsewhere (another tab saves it): this page's version is stale
  const stored = (await (await page.request.get(`/api/smca/project/${id}`)).json()) as {
    steps: { Client: { forms: { form: Record<string, unknown> }[] } };
    version: number;
  };
  stored.steps.Client.forms[0]!.form.company = 'Changée dans un autre onglet';
  const other = await page.request.put('/api/smca/project', {
    data: { id, steps: stored.steps, version: stored.version },
  });
  expect(other.ok()).toBe(true);

  await page.getByRole('button', { name: 'Lancer le calcul' }).click();
  const alert = page.getByRole('alert').filter({ hasText: /modifié ailleurs/ });
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/client\/smca\/review$/);
  await expect(alert.getByRole('button', { name: 'Recharger le projet' })).toBeVisible();
  await alert.getByRole('button', { name: 'Garder mes réponses comme nouveau projet' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/smca/results\\?id=(?!${id}$)[\\w-]+$`));
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  // the other project is left as it was; the answers reviewed are a project of their own
  expect(await storedSystem(page, id)).toBe('CA_EXTENSIF');
  // the session is written when the browser is idle (app/state/sessionWrites.ts): wait for it
  const sessionProject = () =>
    page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('smca_data') ?? '{}') as { project_id?: string }).project_id,
    );
  await expect.poll(sessionProject).not.toBe(id);
  const mine = (await sessionProject())!;
  expect(await storedSystem(page, mine)).toBe('INTENSIF');
});

test("the review's address naming a project opens its answers in a new tab; one this browser cannot read says so", async ({
  page,
  context,
}) => {
  const id = await storeExample(page);
  // a new tab: its session holds no project (the address was copied, bookmarked or sent)
  const tab = await context.newPage();
  await tab.goto(`/client/smca/review?id=${id}`);
  // it landed on an empty first step (the review's loader read the tab's session, not the address)
  await expect(tab.getByRole('heading', { name: 'Vérifiez vos réponses' })).toBeVisible();
  await expect(tab).toHaveURL(new RegExp(`/client/smca/review\\?id=${id}$`));
  await expect(tab.getByRole('region', { name: 'Toitures' })).toContainText(/Système\s*Extensif/);
  await tab.getByRole('button', { name: 'Lancer le calcul' }).click();
  await expect(tab).toHaveURL(new RegExp(`/client/smca/results\\?id=${id}$`));
  await expect(tab.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  // a project of another browser, or none: the calculator's own notice, with its file and its link
  await tab.goto('/client/smca/review?id=AAAAAAAAAAAAAAAAAAAAAA');
  await expect(tab).toHaveURL(/\/client\/smca\/calculator\b/);
  await expect(tab.getByText(/Aucun projet ne répond à cette adresse depuis ce navigateur/)).toBeVisible();
});
