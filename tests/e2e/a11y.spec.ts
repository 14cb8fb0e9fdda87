import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectAccessible } from './axe';
import { ADMIN, CANADA } from './ports';
import { projectInSession } from './project';

/**
 * axe on every page and step, WCAG 2.1 AA and axe's best practices, 0 violations of any impact (issue 27
 * item 14: minor and moderate ones included).
 */
const check = async (page: Page, where: string) => {
  // the page drawn, not its loading state (a page's main without its title yet: axe, run then, finds no
  // level-one heading)
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectAccessible(page, where, { all: true });
};

test('accessibility (axe, WCAG 2.1 AA): the flow limiter, every step and the send panel', async ({
  page,
}) => {
  await page.goto('/client/sl/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await check(page, 'sl step 1');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await check(page, 'sl step 1 with its error summary');
  for (const n of [2, 3]) {
    await page.goto(`/client/sl/calculator/${n}`);
    await check(page, `sl step ${n}`);
  }
  await page.goto('/client/sl');
  await check(page, 'sl home');
  await page.goto('/client/login');
  await check(page, 'login');
});

test('accessibility (axe): the abattement calculators in admin mode and the Canadian one in English', async ({
  page,
}) => {
  await page.goto(`${ADMIN}/client/login`);
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/history$/);
  await check(page, 'sl history');
  await page.goto(`${ADMIN}/client/home`);
  await check(page, 'home of calculators');
  await page.goto(`${ADMIN}/client/sm`);
  await check(page, 'sm home');
  for (const n of [1, 2, 3, 4, 5]) {
    await page.goto(`${ADMIN}/client/sm/calculator/${n}`);
    await expect(page.locator('.step h2')).toBeVisible();
    await check(page, `sm step ${n}`);
  }

  // A calculated project with a variant: results, note, comparison, and the history listing them.
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/sm-paris.json'), 'utf8'),
  ) as { steps: object };
  const made = await page.request.post(`${ADMIN}/api/skywater_manager/project`, {
    data: { steps: example.steps },
  });
  const id = ((await made.json()) as { id: string }).id;
  await page.goto(`${ADMIN}/client/sm/calculator?id=${id}`);
  await projectInSession(page, id);
  await page.goto(`${ADMIN}/client/sm/results`);
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  await check(page, 'sm results');
  await page.getByRole('link', { name: 'Compléter la note de calcul' }).click();
  await expect(page.getByRole('heading', { name: 'Note de calcul', level: 1 })).toBeVisible();
  await check(page, 'sm note');
  const variant = await page.request.post(`${ADMIN}/api/skywater_manager/project/${id}/variant`);
  expect(variant.ok()).toBe(true);
  await page.goto(`${ADMIN}/client/sm/compare?id=${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('table').first()).toBeVisible();
  await check(page, 'sm compare');
  await page.goto(`${ADMIN}/client/sm/history`);
  await expect(page.getByRole('table')).toBeVisible();
  await check(page, 'sm history');

  await page.goto(`${CANADA}/client/smca/calculator`);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  for (const n of [1, 2, 3, 4, 5]) {
    await page.goto(`${CANADA}/client/smca/calculator/${n}`);
    await expect(page.locator('.step h2')).toBeVisible();
    await check(page, `smca step ${n} (English)`);
  }
});

test('accessibility (axe): the pages this stop added or changed, in English where both exist', async ({
  page,
}) => {
  // the sl send panel and its verdict, in client mode
  const sl = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/sl-lyon.json'), 'utf8'),
  ) as { steps: object };
  const made = await page.request.post('/api/slowli/project', { data: { steps: sl.steps } });
  const slId = ((await made.json()) as { id: string }).id;
  await page.goto(`/client/sl/calculator?id=${slId}`);
  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  // the page may be the server's drawing: the project is the session's once the app has taken it over
  await projectInSession(page, slId);
  await page.goto('/client/sl/results');
  await expect(page.getByRole('button', { name: /Envoyer/ }).first()).toBeVisible();
  await check(page, 'sl results and send panel');

  // the Canadian project in English: check your answers, results, note
  const ca = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/smca-toronto.json'), 'utf8'),
  ) as { steps: object };
  await page.goto(`${CANADA}/client/smca/calculator`);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  const caMade = await page.request.post(`${CANADA}/api/smca/project`, { data: { steps: ca.steps } });
  const caId = ((await caMade.json()) as { id: string }).id;
  await page.goto(`${CANADA}/client/smca/calculator?id=${caId}#5`);
  await page.getByRole('button', { name: 'Check my answers' }).click();
  await expect(page.getByRole('heading', { name: 'Check your answers', level: 1 })).toBeVisible();
  await check(page, 'smca check your answers (English)');
  await page.getByRole('button', { name: 'Start the calculation' }).click();
  await expect(page.getByRole('heading', { name: 'Annual summary' })).toBeVisible();
  await check(page, 'smca results (English)');
  await page.goto(`${CANADA}/client/smca/note`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, 'smca note (English)');
});
