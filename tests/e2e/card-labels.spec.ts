import { expect, test } from '@playwright/test';

/**
 * At 1366 px a roof card is 316 px wide: the room kept beside each label for the help key's hint
 * ("Aide sur ce champ : Alt+I", hidden until the field has the focus) wrapped "Volume de rétention
 * maximal", "Hauteur de décaissé" and "Complexe Retentio" on two lines. In a carousel's card the hint is
 * left to the field's description, as on a phone; a single step's wide field still shows it.
 */
test('at 1366 px, a roof card’s labels with a help keep one line; the key hint stays in the description', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/client/sl/calculator/3');
  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  for (const name of ['Volume de rétention maximal', 'Hauteur de décaissé', 'Complexe Retentio']) {
    const label = page.locator('.field-head').filter({ hasText: name }).first();
    // the label's lines: the distinct tops of its text's boxes
    const lines = await label.evaluate((head) => {
      const range = document.createRange();
      range.selectNodeContents(head.firstElementChild!);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, name).toBe(1);
  }
  // the key stays in the field's description, as on a phone, and is not drawn beside the label
  const volume = page.getByRole('textbox', { name: 'Volume de rétention maximal' }).first();
  await volume.focus();
  await expect(volume).toHaveAccessibleDescription(/Aide sur ce champ\s: Alt\+I/);
  const hint = page
    .locator('.field-head')
    .filter({ hasText: 'Volume de rétention maximal' })
    .first()
    .locator('.field-info-key');
  expect((await hint.boundingBox())!.width).toBeLessThanOrEqual(1);
  await page
    .locator('li.card')
    .first()
    .screenshot({ path: test.info().outputPath('card-focused.png') });
  // a single step's field (the client's e-mail) still shows it while focused
  await page.goto('/client/sl/calculator/1');
  await page.getByRole('textbox', { name: 'E-mail' }).focus();
  await expect(page.getByText('Aide sur ce champ : Alt+I').first()).toBeVisible();
});
