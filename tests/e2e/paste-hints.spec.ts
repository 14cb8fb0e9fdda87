import { expect, test, type Page } from '@playwright/test';
import { ADMIN, CANADA } from './ports';

/**
 * A roof list pasted as the paste box's hint says, in its order and without headings: the cards need
 * nothing more. The hints named "name, area, system" (smca, sm in English) or called the build-up optional
 * (sm in French): eight smca roofs pasted so left 16 problems (growing medium, drain; the roof type was
 * not named either), twelve sm roofs 9 (the drainage layer of each green roof).
 */

const next = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

async function pasteRows(page: Page, open: string, hint: RegExp, rows: string[], preview: string) {
  await page.getByRole('button', { name: open }).click();
  const box = page.getByRole('textbox', { name: /tableur|spreadsheet/ });
  await expect(box).toHaveAccessibleDescription(hint);
  await box.fill(rows.join('\n'));
  await page.getByRole('button', { name: preview, exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^(Ajouter|Add) ${rows.length} `) }).click();
}

test('smca in English, desktop: roofs pasted in the order the hint gives leave no card to correct', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${CANADA}/client/smca/calculator`);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  const text = (name: string) => page.getByRole('textbox', { name, exact: true });
  await text('Name').fill('Sam Patel');
  await text('Company').fill('Patel Engineering');
  await text('Email').fill('sam@patel.example');
  await page.getByRole('combobox', { name: 'Profile' }).selectOption({ index: 1 });
  await text('Sales contact').fill('Marie Roy');
  await next(page, 'Next');
  await page.getByRole('radio', { name: 'Imperial' }).check();
  await text('Project name').fill('Queen Street West');
  await text('City').fill('Toronto');
  await page.getByRole('combobox', { name: 'Province' }).selectOption({ label: 'Ontario' });
  await page.getByRole('combobox', { name: 'Rain region' }).selectOption({ label: 'Toronto' });
  await page.getByRole('radiogroup').first().getByRole('radio', { name: 'No' }).check();
  await next(page, 'Next');
  await expect(page.getByRole('heading', { name: 'Roofs' })).toBeVisible();
  const rows = Array.from(
    { length: 8 },
    (_, i) =>
      `Podium roof ${i + 1}\t${20000 + 5000 * i}\tExtensive\tConventional\tSFX\t4\t${i % 2 ? 'None' : 'Sopradrain Eco 5'}`,
  );
  await pasteRows(
    page,
    'Paste from a spreadsheet',
    /^One roof per row: name, area, system, roof type, growing medium, its thickness and drain .*“None” when it has none/,
    rows,
    'Preview',
  );
  await expect(page.getByRole('status').filter({ hasText: '8 cards added.' })).toBeVisible();
  await next(page, 'Next');
  await expect(page.getByText('Does this project include at least one ground surface?')).toBeVisible();
  await expect(page.getByText(/problems? to correct/)).toHaveCount(0);
});

test('sm in French, phone: green roofs pasted with their drainage layer alone take the system’s substrate', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${ADMIN}/client/login`);
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/history$/);
  await page.goto(`${ADMIN}/client/sm/calculator`);
  const text = (name: string) => page.getByRole('textbox', { name, exact: true });
  await text('Nom').fill('Claire Dubois');
  await text('Société').fill('Atelier Dubois');
  await text('E-mail').fill('claire@dubois.example');
  await page.getByRole('combobox', { name: 'Profil' }).selectOption({ index: 1 });
  await text('Interlocuteur commercial').fill('Paul Durand');
  await next(page, 'Suivant');
  await text('Nom du chantier').fill('Logements rue des Pyrénées');
  await text('Ville').fill('Paris');
  await text('Code postal').fill('75020');
  await page.getByRole('radio', { name: 'Non' }).click();
  await next(page, 'Suivant');
  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  // substrate and thicknesses left empty: the system's and the product's values; Drain 10, which has no
  // thickness of its own, given one as the hint asks (it promised one for every layer: helper ux8)
  const rows = Array.from({ length: 12 }, (_, i) =>
    i % 4 === 3
      ? `Bâtiment ${i + 1}\t${100 + 20 * i}\tAutoprotégé\t\t\t\t`
      : i === 5
        ? `Bâtiment ${i + 1}\t${100 + 20 * i}\tToundra\t\t\tDrain 10\t3`
        : `Bâtiment ${i + 1}\t${100 + 20 * i}\tToundra\t\t\tRetentio\t`,
  );
  await pasteRows(
    page,
    'Coller depuis un tableur',
    /^Une toiture par ligne\u00a0: nom, surface \(m²\), système, substrat, son épaisseur \(cm\), couche drainante et son épaisseur \(cm\),.* Une toiture végétalisée demande sa couche drainante.* le Drain 10 n'en a pas\u00a0: donnez son épaisseur\./,
    rows,
    "Voir l'aperçu",
  );
  await expect(page.getByRole('status').filter({ hasText: '12 cartes ajoutées.' })).toBeVisible();
  await next(page, 'Suivant');
  await expect(page.getByText('Ce projet comporte-t-il au moins une surface au sol ?')).toBeVisible();
  await expect(page.getByText(/problèmes? à corriger/)).toHaveCount(0);
});
