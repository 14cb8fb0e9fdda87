import { expect, test } from '@playwright/test';
import { ADMIN } from './ports';
import { LONG_ROOF, smWithLongRoofs } from './project';

/**
 * On a phone, "check your answers" of 30 roofs is 17 screens long: its Submit was at its very end
 * (14,674 px on a 390 x 844 phone). It stays in reach at the screen's bottom, as the wizard's Next and
 * the results' bar do, and the last answers are not hidden under it.
 */
test('at 390 x 844, the check of 30 roofs’ answers keeps Lancer le calcul on the screen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const long = LONG_ROOF;
  const id = await smWithLongRoofs(page, 30);
  await page.goto(`${ADMIN}/client/sm/review?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Vérifiez vos réponses', level: 1 })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Lancer le calcul' });
  const back = page.getByRole('link', { name: 'Retour aux données' });
  await expect(submit).toBeInViewport();
  await expect(back).toBeInViewport();
  // at the screen's bottom
  const bar = (await page.locator('.page-review > .wizard-footer').boundingBox())!;
  expect(bar.y + bar.height).toBeLessThanOrEqual(844.5);
  // two lines of words, not two rows of buttons (105 px)
  expect(bar.height).toBeLessThan(90);
  // the last answer readable above the bar once the page is at its end
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = page.getByText(`${long} 30`, { exact: true }).last();
  await expect(last).toBeInViewport();
  expect((await last.boundingBox())!.y + (await last.boundingBox())!.height).toBeLessThanOrEqual(
    (await page.locator('.page-review > .wizard-footer').boundingBox())!.y,
  );
  await page.screenshot({ path: test.info().outputPath('review-phone-end.png') });
  await submit.click();
  await expect(page).toHaveURL(/\/client\/sm\/results\?id=[\w-]+$/);
});
