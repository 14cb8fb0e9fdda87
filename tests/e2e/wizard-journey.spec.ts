import { expect, test, type Page } from '@playwright/test';

/** What a new user tripped on in the wizard (issue 27): Back, the keyboard, validation, numbers, cards. */

async function fillClient(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Jeanne Martin');
  await page.getByRole('textbox', { name: 'Société' }).fill('Bureau Martin');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('jeanne@example.fr');
  await page.getByRole('combobox', { name: 'Profil' }).selectOption({ label: "Bureau d'étude" });
  await page.getByRole('textbox', { name: 'Interlocuteur commercial' }).fill('Paul Durand');
}

async function fillSite(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Nom du chantier' }).fill('Résidence Les Tilleuls');
  await page.getByRole('textbox', { name: 'Ville' }).fill('Lyon');
  await page.getByRole('textbox', { name: 'Code postal' }).fill('69003');
}

const next = (page: Page) => page.getByRole('button', { name: 'Suivant', exact: true }).click();

test("each step has its own address: the browser's Back and Forward move between steps", async ({ page }) => {
  await page.goto('/client/sl/calculator');
  const client = page.getByRole('heading', { name: 'Informations client' });
  const site = page.getByRole('heading', { name: 'Informations chantier' });
  const roofs = page.getByRole('heading', { name: 'Toitures' });
  await expect(client).toBeVisible();
  await expect(page).toHaveURL(/\/sl\/calculator\/1$/);
  await fillClient(page);
  await next(page);
  await expect(site).toBeVisible();
  await expect(page).toHaveURL(/\/sl\/calculator\/2$/);
  await fillSite(page);
  await next(page);
  await expect(roofs).toBeVisible();
  await expect(page).toHaveURL(/\/3$/);

  await page.goBack();
  await expect(site).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Ville' })).toHaveValue('Lyon');
  await page.goBack();
  await expect(client).toBeVisible();
  await expect(page).toHaveURL(/\/sl\/calculator\/1$/);
  await page.goForward();
  await expect(site).toBeVisible();
  // Previous adds an entry too: Back after it returns to the step it was pressed on
  await page.getByRole('button', { name: 'Précédent' }).click();
  await expect(client).toBeVisible();
  await page.goBack();
  await expect(site).toBeVisible();
  // a reload stays on the step of the address
  await page.reload();
  await expect(site).toBeVisible();
});

test('the keyboard: Tab goes from field to field, a blocked Next focuses the summary, Escape closes a menu', async ({
  page,
}) => {
  await page.goto('/client/sl/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  // typing after Tab from Société goes into the e-mail (its info button follows it, not precedes it)
  await page.getByRole('textbox', { name: 'Société' }).fill('Bureau Martin');
  await page.keyboard.press('Tab');
  await page.keyboard.type('jeanne@example.fr');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('jeanne@example.fr');
  // Next on a step that blocks: the focus moves to the error summary, which is read out
  await next(page);
  const summary = page.getByRole('alert').filter({ hasText: /problèmes? à corriger/ });
  await expect(summary).toBeFocused();
  await fillClient(page);
  await next(page);
  await fillSite(page);
  await next(page);
  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  // a card's menu opened with the mouse closes on Escape, the focus back on its button
  const menuButton = page.getByRole('button', { name: 'Options de la carte' }).first();
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Dupliquer' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Dupliquer' })).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  // and on a press elsewhere
  await menuButton.click();
  await page.getByRole('heading', { name: 'Toitures' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dupliquer' })).toHaveCount(0);
});

test('validation says what is wrong, numbers read in French, a copied roof gets a name of its own', async ({
  page,
}) => {
  await page.goto('/client/sl/calculator');
  await fillClient(page);
  await next(page);
  await fillSite(page);
  await next(page);
  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  const card = page.locator('.carousel-cards > li').first();
  const outlets = card.getByRole('textbox', { name: 'Évacuations horizontales' });
  await outlets.fill('1,5');
  await outlets.press('Tab');
  await expect(card.getByText('La valeur doit être un nombre entier')).toBeVisible();
  const volume = card.getByRole('textbox', { name: /Volume de rétention maximal/ });
  await volume.fill('1e3');
  await volume.press('Tab');
  await expect(card.getByText('La valeur doit être un nombre', { exact: true })).toBeVisible();
  await volume.fill('');
  await outlets.fill('2');
  await card.getByRole('textbox', { name: 'Nom de la toiture' }).fill('Toiture A');
  await card.getByRole('textbox', { name: 'Surface de rétention' }).fill('850,5');
  // a number comes back from a reload in French, with its decimal comma
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Surface de rétention' }).first()).toHaveValue('850,5');
  await page.getByRole('button', { name: 'Options de la carte' }).first().click();
  await page.getByRole('menuitem', { name: 'Dupliquer' }).click();
  await expect(page.getByRole('textbox', { name: 'Nom de la toiture' }).nth(1)).toHaveValue(
    'Toiture A (copie)',
  );
});

test('on a phone, Next and Submit stay in reach under a long step', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/client/sl/calculator');
  await fillClient(page);
  const inView = async (name: string) => {
    const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
    return box.y >= 0 && box.y + box.height <= 700;
  };
  // the client step is longer than the screen, yet Next is on it without scrolling
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await inView('Suivant')).toBe(true);
  await next(page);
  await fillSite(page);
  await next(page);
  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await inView('Lancer le calcul')).toBe(true);
});

test('roofs pasted from a spreadsheet become cards, their rules applied; progress shows where one is', async ({
  page,
}) => {
  await page.goto('/client/sl/calculator');
  await expect(page.getByText('Étape 1 sur 3')).toBeVisible();
  await fillClient(page);
  await next(page);
  await fillSite(page);
  await next(page);
  await expect(page.getByText('Étape 3 sur 3')).toBeVisible();
  await page.getByRole('button', { name: 'Coller depuis un tableur' }).click();
  const box = page.getByRole('textbox', { name: 'Lignes copiées du tableur' });
  await expect(box).toHaveAccessibleDescription(/nom, surface \(m²\), type, évacuations horizontales/);
  // nothing pasted: said beside the box
  await page.getByRole('button', { name: "Voir l'aperçu" }).click();
  await expect(page.getByText('Collez au moins une ligne.')).toBeVisible();
  await box.fill('Nom\tSurface\tType\tÉvacuations\nToiture A\t1 200,5\tgravillon\t2\nToiture B\t300\tTTV\t1');
  await page.getByRole('button', { name: "Voir l'aperçu" }).click();
  await page.getByRole('button', { name: 'Ajouter 2 toitures' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 cartes ajoutées.' })).toBeVisible();
  const names = page.getByRole('textbox', { name: 'Nom de la toiture' });
  await expect(names).toHaveCount(2);
  await expect(names.nth(0)).toHaveValue('Toiture A');
  await expect(page.getByRole('textbox', { name: 'Surface de rétention' }).nth(0)).toHaveValue('1200,5');
  // the type chosen by its label ran its rule, as a choice by hand does (gravel 40 mm)
  await expect(page.getByRole('textbox', { name: 'Épaisseur de gravillons' })).toHaveValue('40');
  await expect(page.getByRole('button', { name: 'Lancer le calcul' })).toBeEnabled();
});
