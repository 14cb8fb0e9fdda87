import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './ports';

/**
 * Presses Tab until the focused control is the one named `name` (its label), so that only the keyboard
 * is used; fails when it is not reachable within 60 presses.
 */
async function tabTo(page: Page, name: RegExp): Promise<void> {
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const byLabel = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
      const own = el.tagName === 'BUTTON' || el.tagName === 'A' ? (el.textContent ?? '') : '';
      return (byLabel || el.getAttribute('aria-label') || own).trim();
    });
    if (name.test(label)) return;
  }
  throw new Error(`${name} cannot be reached with the keyboard`);
}
const type = async (page: Page, name: RegExp, text: string) => {
  await tabTo(page, name);
  await page.keyboard.type(text);
};
/** A select driven by the keyboard: typing an option's first letters picks it. */
const choose = async (page: Page, name: RegExp, letters: string) => {
  await tabTo(page, name);
  await page.keyboard.type(letters);
};

test('a keyboard-only journey through the sm wizard to the results', async ({ page }) => {
  await page.goto(`${ADMIN}/client/login`);
  await type(page, /Mot de passe/, 'e2e-admin-password');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/history$/);
  await page.goto(`${ADMIN}/client/sm/calculator`);
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await type(page, /^Nom/, 'Jeanne Martin');
  await type(page, /^Société/, 'Bureau Martin');
  await type(page, /^E-mail/, 'jeanne@example.fr');
  await choose(page, /^Profil/, 'Arch');
  await type(page, /^Interlocuteur commercial/, 'Paul Durand');
  await tabTo(page, /^Suivant$/);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeFocused();
  await type(page, /^Nom du chantier/, 'Halle Nord');
  await type(page, /^Ville/, 'Paris');
  await type(page, /^Code postal/, '75019');
  await tabTo(page, /^Suivant$/);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeFocused();
  await type(page, /^Nom de la toiture/, 'Toit');
  await type(page, /^Surface/, '500');
  await choose(page, /^Système/, 'Toun');
  await choose(page, /^Couche drainante/, 'Sopradrain Duo 2');
  await tabTo(page, /^Suivant$/);
  await page.keyboard.press('Enter');

  // The ground question: No, with the arrow keys of the radio group.
  await expect(page.getByText('Ce projet comporte-t-il au moins une surface au sol ?')).toBeVisible();
  await tabTo(page, /^(Oui|Non)$/);
  for (let i = 0; i < 2 && !(await page.getByRole('radio', { name: 'Non' }).isChecked()); i += 1)
    await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Non' })).toBeChecked();
  await tabTo(page, /^Suivant$/);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Déversements' })).toBeFocused();
  await choose(page, /^Se déverse dans/, 'Ég');
  await tabTo(page, /^Vérifier mes réponses$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/client\/sm\/review$/);
  await tabTo(page, /^Lancer le calcul$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/client\/sm\/results\?id=[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
});
