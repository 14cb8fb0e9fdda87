import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ADMIN } from './ports';

/** Signs in as the e2e servers' admin (tests/e2e/servers.ts), landing on the history. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/client/login');
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/history$/);
}

/** Stores the sm example project (Paris, two roofs), named `name` when given; answers its id. */
export async function createSmExample(page: Page, name?: string): Promise<string> {
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/sm-paris.json'), 'utf8'),
  ) as { steps: { Chantier: { forms: { form: { name: string } }[] } } };
  if (name) example.steps.Chantier.forms[0]!.form.name = name;
  const made = await page.request.post('/api/skywater_manager/project', { data: { steps: example.steps } });
  return ((await made.json()) as { id: string }).id;
}

/**
 * From the wizard's last step of a calculator with a review (sm, smca): its button opens 'check your
 * answers', whose own button runs the calculation (named `submit`).
 */
export async function checkAnswersThenSubmit(
  page: Page,
  { check = 'Vérifier mes réponses', submit = 'Lancer le calcul' } = {},
): Promise<void> {
  await page.getByRole('button', { name: check }).click();
  await expect(page).toHaveURL(/\/review$/);
  await page.getByRole('button', { name: submit }).click();
}

/** From the sm wizard: the last step (the spills), Submit, and the results' annual summary on screen. */
export async function submitSm(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Déversement \(/ })
    .first()
    .click();
  await checkAnswersThenSubmit(page);
  await expect(page).toHaveURL(/\/client\/sm\/results\?id=[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
}

/**
 * Waits until the page has taken the project `id` into its session (the wizard persists it a moment
 * after the project is applied): leaving the page before would leave a session without it.
 */
export async function projectInSession(page: Page, id: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(`Object.values(sessionStorage).some((v) => v.includes(${JSON.stringify(id)}))`))
    .toBe(true);
}

/** A roof name of 66 characters, as an architect's spreadsheet gives them. */
export const LONG_ROOF = 'Bâtiment administratif principal, aile nord-est, toiture terrasse';

/**
 * Signed in as the admin (sm is an admin calculator), the sm example stored with `count` roofs named
 * LONG_ROOF 1, 2…, every other one a roof that holds no 8 mm, each spilling to the sewer (the first
 * `spillOnto` onto the roof `spillOnto` further on), the site named `site` if given; its id.
 */
export async function smWithLongRoofs(
  page: Page,
  count: number,
  opts: { site?: string; spillOnto?: number } = {},
): Promise<string> {
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/sm-paris.json'), 'utf8'),
  ) as { steps: Record<string, { forms: { form: Record<string, unknown>; uuid: string }[] }> };
  const [a, b] = example.steps.Toiture!.forms.map((f) => f.form);
  const roofs = Array.from({ length: count }, (_, i) => ({
    form: { ...(i % 2 ? b : a), name: `${LONG_ROOF} ${i + 1}` },
    uuid: `Toiture${i}`,
  }));
  example.steps.Toiture!.forms = roofs;
  if (opts.site !== undefined) example.steps.Chantier!.forms[0]!.form.name = opts.site;
  const onto = opts.spillOnto ?? 0;
  example.steps.Deversement!.forms = roofs.map((r, i) => ({
    form: {
      source: { ...r.form, uuid: r.uuid },
      destination: i < onto ? { ...roofs[i + onto]!.form, uuid: roofs[i + onto]!.uuid } : 'Égouts',
    },
    uuid: `Deversement${i}`,
  }));
  await page.goto(`${ADMIN}/client/login`);
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/history$/);
  const made = await page.request.post(`${ADMIN}/api/skywater_manager/project`, {
    data: { steps: example.steps },
  });
  expect(made.ok()).toBe(true);
  return ((await made.json()) as { id: string }).id;
}
