import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './ports';
import { signInAsAdmin, projectInSession } from './project';

const VIEWPORTS = [
  [390, 844],
  [768, 1024],
  [1366, 768],
  [1920, 1080],
] as const;

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

    await page.goto('/client/sl/calculator/3');
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
    // back to the first page, where the long-named roof is: a click while the carousel still moves may
    // not take, so it is clicked again until that roof's title shows
    const previous = page.getByRole('button', { name: 'Cartes précédentes' });
    const title = page.locator('.card-title').first();
    await expect(async () => {
      if (await previous.isEnabled()) await previous.click();
      await expect(title).toContainText('T'.repeat(40), { timeout: 1000 });
    }).toPass();
    await expect(page.locator('.carousel-cards > li')).toHaveCount(perPage);
    expect(await scrollsSideways(page)).toBe(false);
    const box = (await title.boundingBox())!;
    // the long name wraps inside its own card
    const card = (await title.locator('xpath=ancestor::li[1]').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 1);
  });
}

test('the pages around the wizard at every width: home, histories, results with their tables, note', async ({
  page,
}) => {
  await page.goto(`${ADMIN}/client/login`);
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/history$/);
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/sm-paris.json'), 'utf8'),
  ) as { steps: unknown };
  const made = await page.request.post(`${ADMIN}/api/skywater_manager/project`, {
    data: { steps: example.steps },
  });
  const id = ((await made.json()) as { id: string }).id;
  await page.goto(`${ADMIN}/client/sm/calculator?id=${id}`);
  await expect(
    page.getByRole('heading', { name: /Informations|Déversements|Toitures/ }).first(),
  ).toBeVisible();
  // the page may be the server's drawing: the project is the session's once the app has taken it over
  await projectInSession(page, id);
  for (const [width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    // (the flow limiter's pages would end the abattement project's session: one calculator at a time)
    for (const path of ['/client/home', '/client/sm/history', '/client/sm/results', '/client/sm/note']) {
      await page.goto(`${ADMIN}${path}`);
      await expect(page.locator('main h1').first()).toBeVisible();
      if (path.endsWith('results')) {
        await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
        // a figure and its unit on one line (47,2 %, not 47,2 / %): a narrow table scrolls instead
        const broken = await page.evaluate(() =>
          Array.from(document.querySelectorAll('.figures-table td'))
            .filter((td) => {
              const range = document.createRange();
              range.selectNodeContents(td);
              return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1;
            })
            .map((td) => td.textContent),
        );
        expect(broken, `figures split over two lines at ${width}`).toEqual([]);
      }
      expect(await scrollsSideways(page), `${path} at ${width}`).toBe(false);
      // On a phone the menu is a bar above the page; a short page (one project in the history) leaves
      // it its own height instead of stretching it down the screen.
      const bar = page.locator('.sidebar');
      if (width < 768 && (await bar.count()) > 0)
        expect((await bar.boundingBox())!.height, `${path} at ${width}: the bar's height`).toBeLessThan(120);
    }
  }
  // The flow limiter's history and the login, at every width too.
  for (const [width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    for (const path of ['/client/sl/history', '/client/login']) {
      await page.goto(`${ADMIN}${path}`);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await scrollsSideways(page), `${path} at ${width}`).toBe(false);
    }
  }
});

test('twelve roofs with long names as a list on a phone: the table scrolls in its own region, not the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/client/sl/calculator');
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/sl-lyon.json'), 'utf8'),
  ) as { steps: { Toiture: { forms: { form: Record<string, unknown> }[] } } };
  const roof = example.steps.Toiture.forms[0]!;
  example.steps.Toiture.forms = Array.from({ length: 12 }, (_, i) => ({
    ...roof,
    form: { ...roof.form, name: `Bâtiment ${i + 1} — toiture-terrasse végétalisée côté cour intérieure` },
  }));
  const made = await page.request.post('/api/slowli/project', { data: { steps: example.steps } });
  const id = ((await made.json()) as { id: string }).id;
  await page.goto(`/client/sl/calculator?id=${id}`);
  await page.getByRole('button', { name: 'Liste' }).click();
  const list = page.getByRole('region', { name: 'Toitures' });
  await expect(list.getByRole('row')).toHaveCount(13);
  expect(await scrollsSideways(page)).toBe(false);
  // each row headed by the card's number, its name once, in the name column
  const first = list.getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toHaveText('Toiture 1');
  await expect(first.getByRole('cell').first()).toHaveText(/^Bâtiment 1 — toiture-terrasse/);
});

for (const [width, height] of [
  [390, 844],
  [1366, 768],
] as const) {
  test(`the results summary at ${width} px: each row's name stays in view, and an arrow says there is more to the right`, async ({
    page,
  }) => {
    await page.goto(`${ADMIN}/client/login`);
    await page.getByLabel('Mot de passe').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/history$/);
    const example = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../server/calc/examples/sm-paris.json'), 'utf8'),
    ) as { steps: unknown };
    const made = await page.request.post(`${ADMIN}/api/skywater_manager/project`, {
      data: { steps: example.steps },
    });
    const id = ((await made.json()) as { id: string }).id;
    await page.goto(`${ADMIN}/client/sm/calculator?id=${id}`);
    await expect(
      page.getByRole('heading', { name: /Informations|Déversements|Toitures/ }).first(),
    ).toBeVisible();
    // the project in the wizard's session (the page drawn by the server shows it before the app runs)
    await projectInSession(page, id);
    await page.setViewportSize({ width, height });
    await page.goto(`${ADMIN}/client/sm/results`);
    const region = page.getByRole('region', { name: 'Synthèse annuelle' });
    await expect(region.getByRole('rowheader').first()).toBeVisible();
    const wrap = page.locator('.table-scroll-wrap', { has: region });
    const overflows = await region.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    // the cue shows exactly when the table runs past its region (on the phone it does)
    if (width < 768) expect(overflows).toBe(true);
    await expect(wrap).toHaveAttribute('data-more', String(overflows));
    await page.screenshot({ path: test.info().outputPath(`results-${width}.png`), fullPage: true });
    if (width >= 1366) {
      // under each roof's chart, its twelve months fit the card: no sideways scroll, December in view
      const months = page.getByRole('region', { name: /^Valeurs mensuelles — / });
      await expect(months.last().getByRole('columnheader', { name: 'Déc.' })).toBeVisible();
      for (const m of await months.all())
        expect(await m.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    }
    if (!overflows) return;
    // scrolled to its end: the last column in view, the row names still beside it, the cue gone
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(wrap).toHaveAttribute('data-more', 'false');
    const box = (await region.boundingBox())!;
    const head = (await region.getByRole('rowheader').first().boundingBox())!;
    expect(head.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(head.x).toBeLessThan(box.x + 20);
    const lastHeader = (await region.getByRole('columnheader').last().boundingBox())!;
    expect(lastHeader.x + lastHeader.width).toBeLessThanOrEqual(box.x + box.width + 1);
    await page.screenshot({ path: test.info().outputPath(`results-end-${width}.png`), fullPage: true });
  });
}

const long = 'Bâtiment administratif principal, aile nord-est, toiture terrasse';

/**
 * sl's Lyon example with `roofs` copies of its roof named `${long} 1`…, stored by an admin and its results
 * opened at 390 px. The limiters' table is the design office's (admin): the client sees the verdict and the
 * sending. Signed in on the flow limiter's own server: the admin mode's server keeps its sl history empty
 * for admin-mode.spec, which checks the empty history's next action.
 */
async function slResultsOfLongRoofs(page: Page, roofs: number): Promise<void> {
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/sl-lyon.json'), 'utf8'),
  ) as { steps: { Toiture: { forms: { form: { name: string } }[] } } };
  const roof = example.steps.Toiture.forms[0]!;
  example.steps.Toiture.forms = Array.from({ length: roofs }, (_, i) => ({
    ...structuredClone(roof),
    form: { ...structuredClone(roof.form), name: `${long} ${i + 1}` },
  }));
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const made = await page.request.post('/api/slowli/project', { data: { steps: example.steps } });
  expect(made.ok()).toBe(true);
  const id = ((await made.json()) as { id: string }).id;
  await page.goto(`/client/sl/results?id=${id}`);
}

test("sl's limiters at 390 px: the table's title whole on screen, a long roof name in two lines", async ({
  page,
}) => {
  await slResultsOfLongRoofs(page, 1);
  const region = page.getByRole('region', { name: 'Limiteurs' });
  const roof = region.getByRole('rowheader', { name: `${long} 1`, exact: true });
  await expect(roof).toBeVisible();
  // the title was drawn across the table's width, cut at the screen's edge ("Limite")
  const title = page.locator('.table-caption', { hasText: 'Limiteurs' });
  await expect(title).toBeVisible();
  const t = (await title.boundingBox())!;
  expect(t.x + t.width).toBeLessThanOrEqual(390);
  // the quote's title too, above its table, not centred on a table wider than the screen
  const quote = page.locator('.table-caption', { hasText: 'Articles du devis et totaux' });
  await expect(quote).toBeVisible();
  const q = (await quote.boundingBox())!;
  expect(q.x).toBeLessThanOrEqual(t.x + 1);
  // the name in two lines (it took six, a 128 px row), whole in its tooltip
  const line = await roof.evaluate((th) => parseFloat(getComputedStyle(th).lineHeight) || 20);
  expect((await roof.boundingBox())!.height).toBeLessThan(3 * line);
  await expect(roof).toHaveAttribute('title', `${long} 1`);
  expect(await scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('sl-limiters-390.png') });
});

test("sl's quote at 390 px: an article of five roofs gives their count, the names on demand", async ({
  page,
}) => {
  await slResultsOfLongRoofs(page, 5);
  const quote = page.getByRole('region', { name: 'Articles du devis et totaux' });
  // thirty long names made a cell of a whole screen: the count, the names folded under it
  const count = quote.getByText('5 toitures').first();
  await expect(count).toBeVisible();
  await expect(quote.getByText(`${long} 5`).first()).toBeHidden();
  await count.click();
  await expect(quote.getByText(`${long} 5`, { exact: false }).first()).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('sl-quote-390.png') });
});
