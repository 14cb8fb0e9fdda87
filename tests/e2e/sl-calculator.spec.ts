import { expect, test } from '@playwright/test';

test('the sl wizard: validation messages, three steps, cards and the GRAVILLON rule', async ({ page }) => {
  await page.goto('/client/');
  await expect(page).toHaveURL(/\/client\/sl\/calculator$/);
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();

  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await expect(page.getByText('Le champ est requis').first()).toBeVisible();
  await expect(page.getByText('Veuillez selectionner une option valide.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Jeanne Martin');
  await page.getByRole('textbox', { name: 'Société' }).fill('Bureau Martin');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('jeanne@example.fr');
  await page.getByRole('combobox', { name: 'Profil' }).selectOption({ label: "Bureau d'étude" });
  await page.getByRole('textbox', { name: 'Interlocuteur commercial' }).fill('Paul Durand');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();

  const site = page.getByRole('heading', { name: 'Informations chantier' });
  await expect(site).toBeVisible();
  await expect(site).toBeFocused();
  await page.getByRole('textbox', { name: 'Nom du chantier' }).fill('Résidence Les Tilleuls');
  await page.getByRole('textbox', { name: 'Ville' }).fill('Lyon');
  await page.getByRole('textbox', { name: 'Code postal' }).fill('69003');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nom de la toiture' }).fill('Toiture A');
  await page.getByRole('combobox', { name: 'Type de toiture' }).selectOption({ label: 'gravillon' });
  await expect(page.getByRole('textbox', { name: 'Épaisseur de gravillons' })).toHaveValue('40');
  await page.getByRole('textbox', { name: 'Surface de rétention' }).fill('1200,5');
  await page.getByRole('textbox', { name: 'Évacuations horizontales' }).fill('2');
  await expect(page.getByText('1200.5 m²').or(page.getByText('1,200.5 m²'))).toBeVisible();

  await page.getByRole('button', { name: /Ajouter une toiture/ }).click();
  await expect(page.getByRole('textbox', { name: 'Nom de la toiture' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Options de la carte' }).nth(1).click();
  await expect(page.getByRole('menuitem', { name: 'Supprimer' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  await expect(page.getByRole('textbox', { name: 'Nom de la toiture' })).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nom de la toiture' })).toHaveValue('Toiture A');
  await expect(page.getByRole('button', { name: 'Envoyer le formulaire' })).toBeEnabled();

  // Submission to the sales team: a comment, a file, then the thank-you message and a fresh wizard.
  await page.getByRole('button', { name: 'Envoyer le formulaire' }).click();
  await expect(page.getByText('Votre formulaire est prêt à être envoyé.')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Commentaire (facultatif)' })
    .fill('Toiture accessible par l’escalier B');
  await page.getByLabel(/Joindre un fichier/).setInputFiles({
    name: 'plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText(/Merci ! Votre projet a été transmis/)).toBeVisible();
  await page.goto('/client/sl/calculator');
  await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('');
});
