import { expect, test, type Page } from '@playwright/test';

/** Whether the page scrolls sideways (it must not, at any width). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

for (const [width, height, perPage] of [
  [390, 844, 1],
  [768, 1024, 2],
  [1366, 768, 3],
  [1920, 1080, 3],
] as const) {
  test(`at ${width} x ${height}: no sideways scroll, the menu ${width < 768 ? 'behind a button' : 'shown'}, ${perPage} card(s) a page, long names wrapped`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/client/sl/calculator');
    await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Menu' });
    if (width < 768) {
      await expect(toggle).toBeVisible();
      await expect(page.getByRole('link', { name: 'Calculateur' })).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('link', { name: 'Calculateur' })).toBeVisible();
      await toggle.click();
    } else {
      await expect(toggle).toBeHidden();
      await expect(page.getByRole('link', { name: 'Calculateur' })).toBeVisible();
    }
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto('/client/sl/calculator#3');
    await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Nom de la toiture' })
      .first()
      .fill('T'.repeat(40) + ' ' + 'x'.repeat(215));
    // Three roofs, the add card after them: the carousel pages them by the screen's width.
    for (let added = 0; added < 2;) {
      const add = page.getByRole('button', { name: /Ajouter une toiture/ });
      if (await add.isVisible()) {
        await add.click();
        added += 1;
      } else await page.getByRole('button', { name: 'Cartes suivantes' }).click();
    }
    while (await page.getByRole('button', { name: 'Cartes précédentes' }).isEnabled())
      await page.getByRole('button', { name: 'Cartes précédentes' }).click();
    await expect(page.locator('.carousel-cards > li')).toHaveCount(perPage);
    expect(await scrollsSideways(page)).toBe(false);
    const title = page.locator('.card-title').first();
    const box = (await title.boundingBox())!;
    const card = (await page.locator('.carousel-cards > li').first().boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 1);
  });
}
