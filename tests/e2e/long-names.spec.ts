import { expect, test, type Page } from '@playwright/test';
import { ADMIN, CLIENT } from './ports';
import { LONG_ROOF, smWithLongRoofs } from './project';

/**
 * An architect's 30 roofs of long names, a site manager's phone (helper ux9): a chosen spill destination
 * reads apart from the others in its closed select, the spill diagram shortens names only where it has no
 * room, a project's long name is not cut to one line in a phone's header, and the last step's pinned bar
 * keeps what it says in two rows, not three.
 */

const long = LONG_ROOF;
const site = 'Résidence Les Jardins de la Bréguières – réhabilitation des toitures, tranche 2';

/** sm's example with 30 roofs of long names and a long site name; roofs 1 and 2 spill onto roofs 3 and 4. */
const smWith30Roofs = (page: Page) => smWithLongRoofs(page, 30, { site, spillOnto: 2 });

/** The chosen option's label as the closed select shows it, and whether it fits the select's box. */
const closedSelect = (page: Page, n: number) =>
  page
    .getByRole('combobox', { name: /^Se déverse dans/ })
    .nth(n)
    .evaluate((select: HTMLSelectElement) => {
      const s = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = s.font;
      const shown = select.selectedOptions[0]!.label;
      const room =
        select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - parseFloat(s.fontSize); // the arrow takes an em at least
      return {
        shown,
        whole: select.selectedOptions[0]!.text,
        fits: context.measureText(shown).width <= room,
      };
    });

for (const [width, height] of [
  [1366, 768],
  [390, 844],
] as const) {
  test(`at ${width} px, a chosen roof of a long name reads apart from its neighbour's in the closed select`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const id = await smWith30Roofs(page);
    await page.setViewportSize({ width, height });
    await page.goto(`${ADMIN}/client/sm/calculator/5?id=${id}`);
    await expect(page.getByRole('heading', { name: 'Déversements', exact: true })).toBeVisible();
    // both cut to "Bâtiment administratif princip" before: roof 3 and roof 4 read alike
    await expect.poll(() => closedSelect(page, 0)).toMatchObject({ fits: true, shown: /terrasse 3$/ });
    expect((await closedSelect(page, 0)).whole).toBe(`${long} 3`);
    if (width > 767) {
      await expect.poll(() => closedSelect(page, 1)).toMatchObject({ fits: true, shown: /terrasse 4$/ });
    }
    await page.screenshot({ path: test.info().outputPath(`spill-select-${width}.png`) });
  });
}

test('at 1366 x 768, the spill diagram gives each roof its whole name where the page has room', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = await smWith30Roofs(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${ADMIN}/client/sm/calculator/5?id=${id}`);
  await expect(page.locator('.spill-diagram text').first()).toBeVisible();
  // "Bâtiment administratif / principal,…terrasse 3" in a third of the room the page gave it
  await expect
    .poll(() =>
      page
        .locator('.spill-node')
        .evaluateAll((nodes) =>
          nodes
            .map((n) => [
              n.querySelector('title')!.textContent,
              [...n.querySelectorAll('tspan')].map((t) => t.textContent).join(' '),
            ])
            .filter(([whole, shown]) => whole !== shown),
        ),
    )
    .toEqual([]);
  const fits = await page.evaluate(() => {
    const region = document.querySelector('.spill-diagram-scroll')!;
    return region.scrollWidth <= region.clientWidth && document.documentElement.scrollWidth <= innerWidth;
  });
  expect(fits).toBe(true);
  await page.locator('.spill-diagram').screenshot({ path: test.info().outputPath('spill-diagram-1366.png') });
});

test("at 390 x 844, a project's long name is read in the header, and each step's first field still shows", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = await smWith30Roofs(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${ADMIN}/client/sm/calculator/1?id=${id}`);
  const name = page.locator('.project-name');
  await expect(name).toContainText(site);
  // one line cut "Projet : Résidence Les Jardins de la Bréguiè…"
  expect(
    await name.evaluate((p) => p.scrollWidth <= p.clientWidth && p.scrollHeight <= p.clientHeight + 1),
  ).toBe(true);
  for (const n of [1, 2, 3, 4, 5]) {
    await page.goto(`${ADMIN}/client/sm/calculator/${n}`);
    await expect(name).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    const field = page.locator('.step').locator('input:not([type=hidden]), select, textarea').first();
    await expect(field).toBeVisible();
    const box = (await field.boundingBox())!;
    const footer = (await page.locator('.wizard-footer').boundingBox())!;
    expect(box.y + box.height, `step ${n}: the first field's bottom`).toBeLessThanOrEqual(footer.y);
  }
  await page.goto(`${ADMIN}/client/sm/calculator/1`);
  await page.screenshot({ path: test.info().outputPath('phone-header-390.png') });
});

test("at 390 x 844, sl's last step with steps left: the pinned bar says what is left in two rows, not three", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${CLIENT}/client/sl/calculator/3`);
  await expect(page.getByRole('heading', { name: 'Toitures', exact: true })).toBeVisible();
  const footer = page.locator('.wizard-footer');
  const reason = footer.locator('.submit-reason');
  const previous = footer.getByRole('button', { name: 'Précédent' });
  const submit = footer.getByRole('button', { name: 'Lancer le calcul' });
  for (const part of [reason, previous, submit]) await expect(part).toBeInViewport({ ratio: 1 });
  // Previous, the reason and the button each on a row of their own: 159 px, a fifth of the screen
  const bar = (await footer.boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(110);
  expect((await previous.boundingBox())!.y).toBeCloseTo((await submit.boundingBox())!.y, 0);
  // what is left, without "Pour envoyer" (sending reads as to the sales team, and the button calculates)
  await expect(reason).toHaveText('À compléter : Informations client, Informations chantier, Toitures.');
  await page.screenshot({ path: test.info().outputPath('phone-sl-last-step-390.png') });
});
