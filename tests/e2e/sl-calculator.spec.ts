import { expect, test } from '@playwright/test';
import { projectInSession } from './project';

test('the sl wizard: validation messages, three steps, cards and the GRAVILLON rule', async ({ page }) => {
  await page.goto('/client/');
  await expect(page).toHaveURL(/\/client\/sl\/calculator(\/\d)?$/);
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  // Nothing is red before the user has done anything.
  await expect(page.getByText('Le champ est requis')).toHaveCount(0);
  // A field left empty speaks when left; the others stay quiet.
  await page.getByRole('textbox', { name: 'Nom', exact: true }).focus();
  await page.getByRole('textbox', { name: 'Nom', exact: true }).press('Tab');
  await expect(page.getByText('Le champ est requis')).toHaveCount(1);

  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await expect(page.getByText('Le champ est requis').first()).toBeVisible();
  await expect(page.getByText('Veuillez sélectionner une option valide.', { exact: true })).toBeVisible();
  // Next on a blocked step: the error summary lists each problem as a link to its field.
  const summary = page.getByRole('alert').filter({ hasText: /problèmes à corriger/ });
  await expect(summary).toBeVisible();
  await summary.getByRole('link', { name: /^Société : / }).click();
  await expect(page.getByRole('textbox', { name: 'Société' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Jeanne Martin');
  await page.getByRole('textbox', { name: 'Société' }).fill('Bureau Martin');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('jeanne@example.fr');
  await page.getByRole('combobox', { name: 'Profil' }).selectOption({ label: "Bureau d'étude" });
  await page.getByRole('textbox', { name: 'Interlocuteur commercial' }).fill('Paul Durand');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();

  const site = page.getByRole('heading', { name: 'Informations chantier' });
  await expect(site).toBeVisible();
  await expect(site).toBeFocused();
  // The save is confirmed, and the confirmation goes after 5 s (seed: log messages last 5000 ms).
  const saved = page.getByRole('status').filter({ hasText: 'Projet enregistré.' });
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden();
  await page.getByRole('textbox', { name: 'Nom du chantier' }).fill('Résidence Les Tilleuls');
  await page.getByRole('textbox', { name: 'Ville' }).fill('Lyon');
  await page.getByRole('textbox', { name: 'Code postal' }).fill('69003');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nom de la toiture' }).fill('Toiture A');
  // Typing inside a word keeps the caret where the user put it (it once jumped to the end at each key).
  const roofName = page.getByRole('textbox', { name: 'Nom de la toiture' });
  await roofName.press('Home');
  await roofName.pressSequentially('Ma ');
  await expect(roofName).toHaveValue('Ma Toiture A');
  // A key draws its input at once, the rest of the page a frame later (the card's title, the totals): a
  // page left right after the last key keeps what was typed.
  await roofName.press('End');
  await roofName.pressSequentially(' nord');
  await page.reload();
  await expect(roofName).toHaveValue('Ma Toiture A nord');
  await expect(page.locator('.card-title').first()).toHaveText(/ \(Ma Toiture A nord\)$/);
  await roofName.fill('Toiture A');
  await page.getByRole('combobox', { name: 'Type de toiture' }).selectOption({ label: 'gravillon' });
  await expect(page.getByRole('textbox', { name: 'Épaisseur de gravillons' })).toHaveValue('40');
  await page.getByRole('textbox', { name: 'Surface de rétention' }).fill('1200,5');
  // No drain at all: Submit stays disabled and says why.
  const submit = page.getByRole('button', { name: 'Lancer le calcul' });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(
    "Le calcul demande au moins une évacuation sur l'ensemble des toitures.",
  );
  await page.getByRole('textbox', { name: 'Évacuations horizontales' }).fill('2');
  // The total in French: a comma for the decimals, a (no-break) space between thousands.
  await expect(page.getByText(/^1\s200,5 m²$/)).toBeVisible();

  await page.getByRole('button', { name: /Ajouter une toiture/ }).click();
  await expect(page.getByRole('textbox', { name: 'Nom de la toiture' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Options de la carte' }).nth(1).click();
  await expect(page.getByRole('menuitem', { name: 'Supprimer' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  await expect(page.getByRole('textbox', { name: 'Nom de la toiture' })).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nom de la toiture' })).toHaveValue('Toiture A');
  await expect(page.getByRole('button', { name: 'Lancer le calcul' })).toBeEnabled();

  // Submission to the sales team: a comment, a file, then the thank-you message and a fresh wizard.
  await page.getByRole('button', { name: 'Lancer le calcul' }).click();
  await expect(page.getByText('Votre formulaire est prêt à être envoyé.')).toBeVisible();
  // What will be sent, and a file too large refused before any upload, in French.
  const sentSummary = page.getByRole('region', { name: 'Ce qui sera envoyé à notre équipe commerciale' });
  await expect(sentSummary).toContainText('Jeanne Martin');
  await expect(sentSummary).toContainText('Résidence Les Tilleuls');
  await page.getByLabel(/Joindre un fichier/).setInputFiles({
    name: 'plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(11 * 1024 * 1024, 32),
  });
  await expect(page.getByText('Ce fichier fait 11 Mo : 10 Mo au plus.')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Commentaire (facultatif)' })
    .fill('Toiture accessible par l’escalier B');
  await page.getByLabel(/Joindre un fichier/).setInputFiles({
    name: 'plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText(/Merci\u00a0! Votre projet a été transmis/)).toBeVisible();
  await expect(page.getByText(/^Référence de votre demande\u00a0: \d+$/)).toBeVisible();
  await expect(page.getByText(/vous recontacte à l'adresse jeanne@example\.fr/)).toBeVisible();
  await page.goto('/client/sl/calculator');
  await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('');
});

test('an admin logs in, finds the project in the history, orders it and downloads the Excel file', async ({
  page,
  request,
}) => {
  const body = {
    steps: {
      Client: {
        name: 'Client',
        state: 2,
        condition_value: true,
        toApi: true,
        forms: [
          {
            uuid: 'Client0',
            form: {
              name: 'Jeanne Martin',
              company: 'Bureau Martin',
              email: 'j@example.fr',
              phone: null,
              profile: 'etude',
              user: 'Paul Durand',
            },
          },
        ],
      },
      Chantier: {
        name: 'Chantier',
        state: 2,
        condition_value: true,
        toApi: true,
        forms: [
          {
            uuid: 'Chantier0',
            form: {
              name: 'Entrepôt Nord',
              adress: null,
              city: 'Lille',
              postcode: '59000',
              max_fuite: false,
              fuite_value: null,
              max_retention: false,
              retention_value: null,
              hauteur_eau: null,
            },
          },
        ],
      },
      Toiture: {
        name: 'Toiture',
        state: 2,
        condition_value: true,
        toApi: true,
        forms: [
          {
            uuid: 'Toiture0',
            form: {
              name: 'Toit',
              type: 'TTV',
              hauteur: 20,
              surface_retention: 800,
              volume_retention_max: null,
              evac_horizontal: 2,
              evac_vertical: 0,
              retentio: false,
              gravel_thickness: null,
            },
          },
        ],
      },
    },
  };
  const created = await request.post('/api/slowli/project', { data: body });
  const id = ((await created.json()) as { id: string }).id;
  await request.post(`/api/slowli/send-project/${id}`);

  await page.goto('/client/login');
  await page.getByLabel('Mot de passe').fill('wrong password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect');
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Historique des projets', level: 1 })).toBeVisible();
  await page.getByRole('searchbox').fill('entrepot');
  const row = page.getByRole('row', { name: /Entrepôt Nord/ });
  await expect(row).toContainText('Projet valide');
  await row.getByRole('button', { name: 'Options du projet' }).click();
  await page.getByRole('menuitem', { name: 'Créer une commande' }).click();
  // Valider with no number says what is missing, beside the field (it once did nothing, silently)
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Le champ est requis');
  await expect(page.getByRole('textbox', { name: 'Numéro de commande' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Numéro de commande' }).fill('CMD-42');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Valider' }).click();
  expect((await download).suggestedFilename()).toBe('projet-Entrepôt Nord.xlsx');
  await page.goto('/client/sl/history');
  const ordered = page.getByRole('row', { name: /Entrepôt Nord/ });
  await expect(ordered).toContainText('Commandé n° CMD-42');

  // The admin's results: the limiters and the quote added up; the web note shows the limiters too.
  // the project in the wizard's session (not merely its answer received) before leaving for the results
  await page.goto(`/client/sl/calculator?id=${id}`);
  await projectInSession(page, id);
  await page.goto('/client/sl/results');
  const quote = page.getByRole('table', { name: 'Articles du devis et totaux' });
  await expect(quote.getByRole('row', { name: /Kit limiteur de débit Slowli/ })).toContainText('2 pièces');
  await expect(page.getByRole('table', { name: 'Limiteurs' })).toContainText('Toit');
  await page.goto('/client/sl/note');
  await expect(page.getByRole('table', { name: 'Limiteurs' })).toContainText('Toit');
  await page.goto('/client/sl/history');

  // The row menu: keyboard and pointer close it, and an ordered project is never offered 'not selected'.
  const options = ordered.getByRole('button', { name: 'Options du projet' });
  await options.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Marquer non retenu' })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(options).toBeFocused();
  await options.click();
  await page.getByRole('heading', { name: 'Historique des projets', level: 1 }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);

  // Marking another project not selected asks first; cancelling changes nothing.
  const other = await request.post('/api/slowli/project', {
    data: {
      ...body,
      steps: {
        ...body.steps,
        Chantier: {
          ...body.steps.Chantier,
          forms: [
            {
              ...body.steps.Chantier.forms[0]!,
              form: { ...body.steps.Chantier.forms[0]!.form, name: 'Halle Sud' },
            },
          ],
        },
      },
    },
  });
  await request.post(`/api/slowli/send-project/${((await other.json()) as { id: string }).id}`);
  await page.getByRole('searchbox').fill('halle');
  const halle = page.getByRole('row', { name: /Halle Sud/ });
  await halle.getByRole('button', { name: 'Options du projet' }).click();
  await page.getByRole('menuitem', { name: 'Marquer non retenu' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'Marquer le projet « Halle Sud » comme non retenu ?',
  );
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(halle).toContainText('Projet valide');
  await halle.getByRole('button', { name: 'Options du projet' }).click();
  await page.getByRole('menuitem', { name: 'Marquer non retenu' }).click();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(halle).toContainText('Non retenu');
});

test('an unknown route goes to the flow-limiter calculator', async ({ page }) => {
  await page.goto('/client/nowhere/at/all');
  await expect(page).toHaveURL(/\/client\/sl\/calculator(\/\d)?$/);
});

test('the app is served compressed, its hashed assets cached for a year and its page checked each time', async ({
  request,
}) => {
  const index = await request.get('/client/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(index.headers()['cache-control']).toBe('no-cache');
  const script = /src="(\/client\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
  expect(script).toBeTruthy();
  for (const encoding of ['br', 'gzip']) {
    const asset = await request.get(script!, { headers: { 'accept-encoding': encoding } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe(encoding);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});
