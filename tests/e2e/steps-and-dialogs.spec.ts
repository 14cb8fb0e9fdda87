/**
 * The keyboard and the dialogs (issue 37 item 4), on the flow-limiter wizard (client server): Tab goes from
 * field to field (the info buttons are out of its path, Alt+I opens a field's help, as its description
 * says); each step has its address in the router, so that Back and Forward move between steps and the
 * question asked before leaving unsaved edits holds on Back; that question's focus is on the choice that
 * loses nothing, the page behind it inert.
 */
import { expect, test, type Page } from '@playwright/test';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function fillClient(page: Page): Promise<void> {
  await textbox(page, 'Nom').fill('Jeanne Martin');
  await textbox(page, 'Société').fill('Bureau Martin');
  await textbox(page, 'E-mail').fill('jeanne@example.fr');
  await page.getByRole('combobox', { name: 'Profil' }).selectOption({ label: "Bureau d'étude" });
  await textbox(page, 'Interlocuteur commercial').fill('Paul Durand');
}

test('Tab goes from the e-mail to the phone; Alt+I opens a field’s help, Escape closes it', async ({
  page,
}) => {
  await page.goto('/client/sl/calculator');
  const email = textbox(page, 'E-mail');
  await email.click();
  await page.keyboard.type('jeanne@example.fr');
  await page.keyboard.press('Tab');
  await page.keyboard.type('01 23 45 67 89');
  await expect(textbox(page, 'Téléphone')).toHaveValue('01 23 45 67 89');
  await expect(email).toHaveValue('jeanne@example.fr');

  // the help, from the field, by the key its description names (said beside the label while focused)
  await email.focus();
  await expect(email).toHaveAccessibleDescription(/Aide sur ce champ\s: Alt\+I/);
  await expect(page.getByText('Aide sur ce champ : Alt+I').first()).toBeVisible();
  const help = page.getByText(/L'e-mail permet de vous envoyer la note de calcul/);
  await expect(help).toBeHidden();
  await page.keyboard.press('Alt+KeyI');
  await expect(help).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('jeanne@example.fr');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  // the mouse still has its button
  await page.getByRole('button', { name: "Plus d'informations : E-mail" }).click();
  await expect(help).toBeVisible();
});

test('the question before leaving unsaved edits: Enter stays, Back is asked about, the page behind inert', async ({
  page,
}) => {
  // into the wizard from the calculator's home, inside the app (a page of its own would be another document)
  await page.goto('/client/sl');
  await page.getByRole('link', { name: 'Commencer' }).click();
  await fillClient(page);
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  const city = textbox(page, 'Ville');
  await expect(city).toBeVisible();
  // a stored project now (saved by Next), and an answer it does not hold
  await city.fill('Lyon');

  // Back to step 1 is not leaving; Back once more, to the calculator's home, is
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await page.goBack();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('modifications non enregistrées');
  await expect(dialog.getByRole('button', { name: 'Rester' })).toBeFocused();
  // a modal dialog of the browser's: the page behind inert, Tab kept among the dialog's buttons
  expect(await page.evaluate(() => document.querySelector('[role="alertdialog"]')?.matches(':modal'))).toBe(
    true,
  );
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Quitter sans enregistrer' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Rester' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  // the focus is given back to the page, not lost; the edit is still there one step on
  await page.goForward();
  await expect(city).toHaveValue('Lyon');

  // Escape stays too; leaving is a deliberate choice
  await page.goBack();
  await page.goBack();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await page.goBack();
  await dialog.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(/\/client\/sl$/);
});

test('each step is an address of the router: Back, Forward, a reload and an old #n address', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await page.goto('/client/sl/calculator');
  await expect(page).toHaveURL(/\/client\/sl\/calculator\/1$/);
  await fillClient(page);
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await expect(page).toHaveURL(/\/client\/sl\/calculator\/2$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/client\/sl\/calculator\/1$/);
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeVisible();
  // an address of the earlier form (#n) opens its step at the new address
  await page.goto('/client/sl/calculator#1');
  await expect(page).toHaveURL(/\/client\/sl\/calculator\/1$/);
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  expect(warnings.filter((w) => /fail silently|blocker/i.test(w))).toEqual([]);
});
