import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

type Steps = { Chantier: { forms: { form: Record<string, unknown> }[] } };
const example = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../server/calc/examples/sl-lyon.json'), 'utf8'),
) as { steps: Steps };

/** Saves a flow-limiter project named `name` as the page's visitor (its owner cookie). */
async function project(page: Page, name: string): Promise<string> {
  const steps = structuredClone(example.steps);
  steps.Chantier.forms[0]!.form.name = name;
  const r = await page.request.post('/api/slowli/project', { data: { steps } });
  expect(r.status()).toBe(200);
  return ((await r.json()) as { id: string }).id;
}

const LONG = 'École Jules-Ferry — extension du groupe scolaire, bâtiment B, toiture-terrasse végétalisée';

for (const [width, height] of [
  [390, 844],
  [1366, 768],
] as const) {
  test(`the history at ${width} px: sorted as a French reader sorts, dates with their time, nothing off-screen, menus that leave the next row's button alone, a delete that names the project`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/client/sl/history');
    await expect(page.getByRole('heading', { name: 'Historique des projets', level: 1 })).toBeVisible();
    for (const name of ['Zénith', LONG, 'abbaye des Prés', 'Écluse 2']) await project(page, name);
    // an abandoned start: the wizard saved step 1, the site was never named
    await project(page, '');
    await page.reload();
    const rows = page.locator('tr.history-row');
    await expect(rows).toHaveCount(4);
    await expect(page.getByText('Projet sans nom')).toHaveCount(0);

    await page.getByRole('button', { name: 'Trier par Chantier' }).click();
    await expect(rows.first()).toContainText('abbaye des Prés');
    const names = await rows.locator('td:first-child a').allTextContents();
    expect(names).toEqual(['abbaye des Prés', 'Écluse 2', LONG, 'Zénith']);

    // the date says when, to the minute, as a French reader writes it
    await expect(
      rows
        .first()
        .locator('td')
        .filter({ hasText: /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/ }),
    ).toHaveCount(1);
    // the readable number, not the id
    await expect(rows.first().locator('td').nth(1)).toHaveText(/^(N°)?\d+$/);

    // every row's name, date and menu on the screen: nothing runs off to the right
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
      ),
    ).toBe(true);
    for (let i = 0; i < 4; i += 1) {
      const row = rows.nth(i);
      for (const el of [
        row.locator('td:first-child a'),
        row.getByRole('button', { name: 'Options du projet' }),
        row.locator('td').filter({ hasText: /\d{2}:\d{2}/ }),
      ]) {
        const box = (await el.boundingBox())!;
        expect(box.x, `row ${i} at ${width}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `row ${i} at ${width}`).toBeLessThanOrEqual(width);
      }
    }
    await page.screenshot({ path: test.info().outputPath(`history-${width}.png`), fullPage: true });

    // the first row's menu open: the second row's menu button still takes a click
    await rows.nth(0).getByRole('button', { name: 'Options du projet' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`history-menu-${width}.png`), fullPage: true });
    const next = rows.nth(1).getByRole('button', { name: 'Options du projet' });
    const b = (await next.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-haspopup') ?? null,
      [b.x + b.width / 2, b.y + b.height / 2],
    );
    expect(hit).toBe('menu');

    // the delete confirmation names the project
    await page.getByRole('menuitem', { name: 'Supprimer le projet' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('« abbaye des Prés »');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(rows).toHaveCount(3);
    await expect(page.getByText('abbaye des Prés')).toHaveCount(0);
  });
}
