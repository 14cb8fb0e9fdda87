import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * sl's results on a phone (client mode, no note): the bar pinned at the screen's bottom held a lone "←"
 * (the arrow that lets sm's bar keep "Compléter la note" on one line). Alone, it says where it goes.
 */
test('at 390 x 844, sl’s results: the pinned bar says Retour aux données in words', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/sl-lyon.json'), 'utf8'),
  ) as { steps: Record<string, unknown> };
  await page.goto('/client/sl/calculator');
  const made = await page.request.post('/api/slowli/project', { data: { steps: example.steps } });
  expect(made.ok()).toBe(true);
  const id = ((await made.json()) as { id: string }).id;
  expect((await page.request.get(`/api/slowli/calculate/${id}`)).status()).toBe(200);
  await page.goto(`/client/sl/results?id=${id}`);
  await expect(page.getByText('Votre formulaire est prêt à être envoyé.')).toBeVisible();
  const back = page
    .locator('.page-results > .wizard-footer')
    .getByRole('link', { name: 'Retour aux données' });
  await expect(back).toBeInViewport();
  // what is drawn (the arrow alone before), not the words hidden beside it
  await expect.poll(() => back.innerText()).toBe('Retour aux données');
  await page.screenshot({ path: test.info().outputPath('sl-results-phone.png') });
  await back.click();
  await expect(page).toHaveURL(/\/client\/sl\/calculator/);
});
