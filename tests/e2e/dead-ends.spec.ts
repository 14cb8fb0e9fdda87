/**
 * Dead ends (issue 37 item 7), on the flow-limiter calculator (client server): the thank-you page has an
 * address a reload keeps; a save that fails (the project out of this browser's reach, or changed
 * elsewhere) keeps the user on the step and offers to keep the answers as a new project; the results
 * without a project say so once; an address naming an unknown project says that, not "your answers are
 * still on screen".
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Stored {
  steps: { Client: { forms: { form: Record<string, unknown> }[] } };
  version: number;
}
const example = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../server/calc/examples/sl-lyon.json'), 'utf8'),
) as Stored;

/** The Lyon example stored for this browser; answers its id. */
async function storeExample(page: Page): Promise<string> {
  await page.goto('/client/sl');
  const made = await page.request.post('/api/slowli/project', { data: { steps: example.steps } });
  return ((await made.json()) as { id: string }).id;
}

test('the thank-you page has its own address: a reload keeps the reference and what was sent', async ({
  page,
}) => {
  const id = await storeExample(page);
  await page.goto(`/client/sl/calculator?id=${id}`);
  await page.getByRole('button', { name: 'Lancer le calcul' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/sl/results\\?id=${id}$`));
  await page.getByRole('textbox', { name: 'Commentaire (facultatif)' }).fill('Appeler le matin');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect.soft(page).toHaveURL(new RegExp(`/client/sl/confirm\\?id=${id}$`));
  const reference = page.getByText(/^Référence de votre demande\u00a0: \w+$/);
  await expect(reference).toBeVisible();
  const said = await reference.textContent();

  await page.reload();
  await expect(page.getByText(/Merci\u00a0! Votre projet a été transmis/)).toBeVisible();
  await expect(page.getByText(said!)).toBeVisible();
  await expect(page.getByText(/Calcul impossible/)).toHaveCount(0);
  const copy = page.getByRole('region', { name: 'Ce que vous avez envoyé' });
  await expect(copy).toContainText('Jeanne Martin');
  await expect(copy).toContainText('Appeler le matin');
  // back to the data: the project sent, not an empty first step
  await page.getByRole('link', { name: 'Revoir le projet envoyé' }).click();
  await page.getByRole('button', { name: /^Client/ }).click();
  await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Jeanne Martin');
});

test('a project out of reach: Next stays on the step and offers to save the answers as a new project', async ({
  page,
  context,
}) => {
  const id = await storeExample(page);
  await page.goto(`/client/sl/calculator?id=${id}`);
  await page.getByRole('button', { name: /^Client/ }).click();
  const name = page.getByRole('textbox', { name: 'Nom', exact: true });
  await expect(name).toHaveValue('Jeanne Martin');
  // cookies cleared (or another computer): the project is no longer this browser's
  await context.clearCookies();
  await name.fill('Jeanne Martin-Roux');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: /n'est plus accessible/ });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toHaveCount(0);
  await alert.getByRole('button', { name: 'Enregistrer comme nouveau projet' }).click();
  await expect(page.getByText('Vos réponses sont enregistrées comme un nouveau projet.')).toBeVisible();
  // the address no longer names the project left behind; Next goes on
  await expect(page).not.toHaveURL(new RegExp(id));
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeVisible();
});

test('a project changed elsewhere: Next stays, and the answers can be kept as a new project', async ({
  page,
}) => {
  const id = await storeExample(page);
  await page.goto(`/client/sl/calculator?id=${id}`);
  await page.getByRole('button', { name: /^Client/ }).click();
  const name = page.getByRole('textbox', { name: 'Nom', exact: true });
  await expect(name).toHaveValue('Jeanne Martin');
  // another tab saves the project meanwhile
  const stored = (await (await page.request.get(`/api/slowli/project/${id}`)).json()) as Stored;
  stored.steps.Client.forms[0]!.form.company = 'Changée ailleurs';
  const other = await page.request.put('/api/slowli/project', {
    data: { id, steps: stored.steps, version: stored.version },
  });
  expect(other.ok()).toBe(true);

  await name.fill('Jeanne Martin-Roux');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: /modifié ailleurs/ });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Recharger le projet' })).toBeVisible();
  await alert.getByRole('button', { name: 'Garder mes réponses comme nouveau projet' }).click();
  await expect(page.getByText('Vos réponses sont enregistrées comme un nouveau projet.')).toBeVisible();
  await expect(name).toHaveValue('Jeanne Martin-Roux');
  // the project changed elsewhere keeps its own answers
  const theirs = (await (await page.request.get(`/api/slowli/project/${id}`)).json()) as Stored;
  expect(theirs.steps.Client.forms[0]!.form).toMatchObject({
    name: 'Jeanne Martin',
    company: 'Changée ailleurs',
  });
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeVisible();
});

test('the results without a project say so once, with one way back', async ({ page }) => {
  await page.goto('/client/sl/results');
  await expect(page.getByText(/^Calcul impossible/)).toHaveCount(1);
  await page.getByRole('button', { name: 'Retour au calculateur' }).click();
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
});

test('an address naming an unknown project says so over the form, and stops naming it', async ({ page }) => {
  await page.goto('/client/sl/calculator?id=NoSuchProject12345678');
  const alert = page.getByRole('alert').filter({ hasText: /Aucun projet ne répond à cette adresse/ });
  await expect(alert).toBeVisible();
  await expect(page.getByText(/Vos réponses sont toujours à l'écran/)).toHaveCount(0);
  await expect(alert.getByRole('button', { name: 'Enregistrer comme nouveau projet' })).toHaveCount(0);
  await expect(alert.getByRole('button', { name: 'Ouvrir le lien' })).toBeVisible();
  await expect(page).not.toHaveURL(/NoSuchProject/);
});
