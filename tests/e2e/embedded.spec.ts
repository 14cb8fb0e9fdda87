import { expect, test } from '@playwright/test';
import { EMBEDDED, HOST } from './ports';

/**
 * The manufacturer's site (localhost:8099) frames the app (127.0.0.1:8094, another site) behind an
 * HTTPS proxy, which the test plays by adding X-Forwarded-Proto to the app's requests (TRUST_PROXY);
 * both are served by tests/e2e/servers.ts.
 */
test("inside the manufacturer's site (a third-party iframe), a visitor saves a project and finds it after a reload", async ({
  page,
}) => {
  await page.route(`${EMBEDDED}/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-proto': 'https' } }),
  );
  await page.goto(`${HOST}/`);
  const frame = page.frameLocator('iframe[title="Calculateur"]');
  await expect(frame.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await frame.getByRole('textbox', { name: 'Nom', exact: true }).fill('Jeanne Martin');
  await frame.getByRole('textbox', { name: 'Société' }).fill('Bureau Martin');
  await frame.getByRole('textbox', { name: 'E-mail' }).fill('jeanne@example.fr');
  await frame.getByRole('combobox', { name: 'Profil' }).selectOption({ index: 1 });
  await frame.getByRole('textbox', { name: 'Interlocuteur commercial' }).fill('Paul Durand');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/slowli/project') && r.request().method() === 'POST',
  );
  await frame.getByRole('button', { name: 'Suivant', exact: true }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  const { id } = (await answer.json()) as { id: string };
  const cookies = await page.context().cookies(EMBEDDED);
  expect(cookies.find((c) => c.name === 'rw_owner')).toMatchObject({ sameSite: 'None', secure: true });

  await page.reload();
  const inner = page.frames().find((f) => f.url().startsWith(`${EMBEDDED}/`))!;
  await expect(frame.getByRole('heading', { name: /Informations/ }).first()).toBeVisible();
  // The owner cookie comes back with the frame's requests: its project is its own again. (Not yet named,
  // it is not listed in the history: an abandoned start is no project until the site is named.)
  const status = await inner.evaluate(async (pid) => {
    const r = await fetch(`/api/slowli/project/${encodeURIComponent(pid)}`, { credentials: 'same-origin' });
    return r.status;
  }, id);
  expect(status).toBe(200);
});
