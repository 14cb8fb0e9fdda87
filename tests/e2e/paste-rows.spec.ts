import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 37 item 3: a paste from a spreadsheet is previewed before anything is added: each column's field
 * found by its heading (in any order), each cell that does not fit flagged, a column left out, then undone.
 */

async function toRoofs(page: Page): Promise<void> {
  await page.goto('/client/sl/calculator');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Jeanne Martin');
  await page.getByRole('textbox', { name: 'Société' }).fill('Bureau Martin');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('jeanne@example.fr');
  await page.getByRole('combobox', { name: 'Profil' }).selectOption({ label: "Bureau d'étude" });
  await page.getByRole('textbox', { name: 'Interlocuteur commercial' }).fill('Paul Durand');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await page.getByRole('textbox', { name: 'Nom du chantier' }).fill('Résidence Les Tilleuls');
  await page.getByRole('textbox', { name: 'Ville' }).fill('Lyon');
  await page.getByRole('textbox', { name: 'Code postal' }).fill('69003');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
}

/** Rows pasted into the paste box and previewed: the preview's heading takes the focus. */
async function previewPaste(page: Page, rows: string, heading: string): Promise<void> {
  await page.getByRole('button', { name: 'Coller depuis un tableur' }).click();
  await page.getByRole('textbox', { name: 'Lignes copiées du tableur' }).fill(rows);
  await page.getByRole('button', { name: "Voir l'aperçu" }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeFocused();
}

/** The preview's select mapping column n (from 1) to a field. */
const columnOf = (page: Page, n: number) =>
  page.getByRole('combobox', { name: new RegExp(`^Colonne ${n} `) });

const long = 'Bâtiment administratif principal de la résidence, aile nord-est, toiture terrasse';
/** 30 roofs under headings in another order than the bundle's (type, drains, area, name), one type unknown. */
const sheet = [
  'Type\tÉvac. horizontales\tSurface (m²)\tNom\tCommentaire',
  ...Array.from(
    { length: 30 },
    (_, i) => `${i === 4 ? 'Zinc' : 'gravillon'}\t2\t${100 + i}\t${long} ${i + 1}\tvu le ${i + 1} mars`,
  ),
].join('\n');

for (const [width, height] of [
  [390, 844],
  [1366, 768],
] as const) {
  test(`at ${width} px: 30 rows in another column order previewed, a bad cell flagged, a column left out, undone`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await toRoofs(page);
    await previewPaste(page, sheet, 'Aperçu : 30 lignes à ajouter');
    const column = (n: number) => columnOf(page, n);
    await expect(column(1)).toHaveValue('type');
    await expect(column(2)).toHaveValue('drainage.horizontal');
    await expect(column(3)).toHaveValue('surface');
    await expect(column(4)).toHaveValue('name');
    await expect(column(5)).toHaveValue('');
    // the unknown type flagged in its cell before anything is added; nothing added yet
    await expect(
      page.getByRole('cell', {
        name: /^Zinc « Zinc » n'est pas un des choix proposés : TTV, gravillon, mixte, dalle sur plot, Toundra box\./,
      }),
    ).toBeVisible();
    await expect(page.getByText(/^1 cellule ne convient pas à son champ/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nom de la toiture' })).toHaveValue('');
    // nothing of the preview under the wizard's bar (on a phone it is pinned to the screen's foot, 140 px
    // of 844): the table's last rows in sight, their columns' fields still named above them, and Add
    // pressed where it is seen (helper ux8)
    const preview = page.getByRole('region', { name: 'Aperçu : 30 lignes à ajouter' });
    const seenAt = async (target: typeof preview, dy: number) => {
      await target.evaluate((e) => e.scrollIntoView({ block: 'end' }));
      return target.evaluate((e, y) => {
        const b = e.getBoundingClientRect();
        return e.contains(document.elementFromPoint(b.left + b.width / 2, b.bottom - y));
      }, dy);
    };
    expect(await seenAt(preview, 8)).toBe(true);
    await preview.evaluate((e) => e.scrollBy(0, e.scrollHeight));
    await expect(column(1)).toBeInViewport();
    expect(await seenAt(page.getByRole('button', { name: 'Ajouter 30 toitures' }), 4)).toBe(true);
    // the drains left out by the user
    await column(2).selectOption({ label: 'Ne pas importer' });
    await expect(column(2)).toHaveValue('');
    await page.screenshot({ path: test.info().outputPath(`paste-preview-fr-${width}.png`), fullPage: false });
    await page.getByRole('button', { name: 'Ajouter 30 toitures' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: '30 cartes ajoutées. 1 cellule à corriger.' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Liste' }).click();
    await expect(page.locator('.cards-table').getByRole('row')).toHaveCount(31);
    await page.getByRole('button', { name: 'Cartes', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Nom de la toiture' }).first()).toHaveValue(
      `${long} ${width < 768 ? 30 : 28}`,
    );
    await expect(page.getByRole('textbox', { name: 'Évacuations horizontales' }).first()).toHaveValue('0');
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
      ),
    ).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`paste-added-fr-${width}.png`), fullPage: false });
    await page.getByRole('button', { name: "Annuler l'ajout" }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Ajout annulé : 30 cartes retirées.' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nom de la toiture' })).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'Nom de la toiture' })).toHaveValue('');
  });
}

// The calculator's other language's messages arrive when a paste box opens (issue 40: not with every
// calculator page, first field or idle moment): a French page still reads an English spreadsheet's headings.
test('a French page reads the headings of an English spreadsheet', async ({ page }) => {
  const english: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/messages\.en-[^/]*\.js$/.test(new URL(r.url()).pathname)) english.push(r.url());
  });
  await toRoofs(page);
  // the page at rest: an idle moment has come and gone, nothing is on its way
  await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 5000 })));
  await page.waitForLoadState('networkidle');
  expect(english).toEqual([]);
  await previewPaste(
    page,
    ['Retention area\tRoof name\tHorizontal drains', '120\tNorth wing\t2', '80\tSouth wing\t1'].join('\n'),
    'Aperçu : 2 lignes à ajouter',
  );
  expect(english.length).toBeGreaterThan(0);
  const column = (n: number) => columnOf(page, n);
  await expect(column(1)).toHaveValue('surface');
  await expect(column(2)).toHaveValue('name');
  await expect(column(3)).toHaveValue('drainage.horizontal');
});
