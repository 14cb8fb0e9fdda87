import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './axe';
import { pdfText } from '../pdfText';
import { createSmExample, projectInSession, signInAsAdmin, submitSm } from './project';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const next = (page: Page) => page.getByRole('button', { name: 'Suivant', exact: true }).click();

async function fillClient(page: Page) {
  await textbox(page, 'Nom').fill('Jeanne Martin');
  await textbox(page, 'Société').fill('Bureau Martin');
  await textbox(page, 'E-mail').fill('jeanne@example.fr');
  await page.getByRole('combobox', { name: 'Profil' }).selectOption({ index: 1 });
  await textbox(page, 'Interlocuteur commercial').fill('Paul Durand');
  await next(page);
}

test('sm: Paris rule, system presets, the ground question and the spill choices', async ({ page }) => {
  // The abattement calculator is offered in admin mode only: sign in first.
  await page.goto('/client/login');
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/client\/sl\/history$/);
  await page.goto('/client/sm/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await fillClient(page);

  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeFocused();
  await textbox(page, 'Nom du chantier').fill('Groupe scolaire');
  await textbox(page, 'Ville').fill('Paris');
  // a letter l typed for a one: said as a postcode's five digits, not as a range (helper ux8)
  await textbox(page, 'Code postal').fill('93l00');
  await textbox(page, 'Code postal').press('Tab');
  await expect(page.getByText('Le code postal compte cinq chiffres, par exemple 93100')).toBeVisible();
  await expect(page.getByText(/compris entre 0 et 99999/)).toHaveCount(0);
  await textbox(page, 'Code postal').fill('75019');
  await textbox(page, 'Code postal').press('Tab');
  await expect(page.getByText('Le code postal compte cinq chiffres, par exemple 93100')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Oui' }).click();
  await textbox(page, 'Hauteur de pluie à abattre').fill('10');
  // The message waits until the field is left (an untouched or unfinished field shows no error).
  await expect(page.getByText('Pour Paris: 4, 8, 12, 16')).toHaveCount(0);
  await textbox(page, 'Hauteur de pluie à abattre').press('Tab');
  await expect(page.getByText('Pour Paris: 4, 8, 12, 16')).toBeVisible();
  await next(page);
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeVisible();
  await textbox(page, 'Hauteur de pluie à abattre').fill('8');
  await next(page);

  await expect(page.getByRole('heading', { name: 'Toitures' })).toBeVisible();
  await textbox(page, 'Nom de la toiture').fill('Toiture A');
  await textbox(page, 'Surface').fill('800');
  await page.getByRole('combobox', { name: 'Système' }).selectOption({ label: 'Toundra' });
  await expect(page.getByRole('combobox', { name: 'Substrat' }).locator('option:checked')).toHaveText(
    'SFX (extensif)',
  );
  await expect(textbox(page, 'Épaisseur du substrat')).toHaveValue('10');
  await page.getByRole('combobox', { name: 'Couche drainante' }).selectOption({ label: 'Sopradrain Duo 25' });
  await expect(textbox(page, 'Épaisseur de la couche drainante')).toHaveValue('2,5');
  await expect(textbox(page, 'Épaisseur de la couche drainante')).toBeDisabled();
  await page.getByRole('button', { name: /Ajouter une toiture/ }).click();
  await textbox(page, 'Nom de la toiture').nth(1).fill('Toiture B');
  await textbox(page, 'Surface').nth(1).fill('200');
  await page.getByRole('combobox', { name: 'Système' }).nth(1).selectOption({ label: 'Autoprotégé' });
  await expect(page.getByRole('combobox', { name: 'Substrat' })).toHaveCount(1);
  await next(page);

  await expect(page.getByText('Ce projet comporte-t-il au moins une surface au sol ?')).toBeVisible();
  await page.getByRole('radio', { name: 'Oui' }).click();
  await textbox(page, 'Nom de la surface').fill('Jardin');
  await textbox(page, 'Surface').fill('300');
  await page.getByRole('combobox', { name: 'Type de sol' }).selectOption({ label: 'Pleine terre' });
  await next(page);

  await expect(page.getByRole('heading', { name: 'Toiture A' })).toBeVisible();
  const first = page.getByRole('combobox', { name: 'Se déverse dans' }).first();
  await expect(first.locator('option')).toHaveText(['Choisir une option', 'Égouts', 'Toiture B', 'Jardin']);
  await first.selectOption({ label: 'Toiture B' });
  await page.getByRole('combobox', { name: 'Se déverse dans' }).nth(1).selectOption({ label: 'Toiture A' });
  await expect(
    page.getByText("Cette destination ferait revenir l'eau sur cette toiture").first(),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Se déverse dans' }).nth(1).selectOption({ label: 'Jardin' });
  await expect(page.getByRole('button', { name: 'Vérifier mes réponses' })).toBeEnabled();

  // The last step saves the project and opens 'check your answers': every step's answers, a link to
  // change each; its button runs the calculation and opens the results (a chart per roof, the rainfall).
  await page.getByRole('button', { name: 'Vérifier mes réponses' }).click();
  await expect(page).toHaveURL(/\/client\/sm\/review$/);
  await expect(page.getByRole('heading', { name: 'Vérifiez vos réponses', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /Toitures/ })).toContainText('Toiture A');
  await expectAccessible(page, 'sm check your answers');
  await page.getByRole('link', { name: 'Modifier : Informations chantier' }).click();
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/client\/sm\/review$/);
  await page.getByRole('button', { name: 'Lancer le calcul' }).click();
  await expect(page).toHaveURL(/\/client\/sm\/results\?id=[\w-]+$/);
  // Each roof is headed by its annual retention by volume; the seed's line is the mean of the months.
  const roofA = page.locator('figcaption').filter({ hasText: 'Toiture A' });
  await expect(roofA).toContainText(/Abattement annuel \(en volume\)\u00a0: \d+(,\d)?\s%/);
  await expect(roofA).toContainText(/Moyenne des valeurs mensuelles\u00a0: \d+ %/);
  await expect(page.locator('figcaption').filter({ hasText: 'Toiture B' })).toContainText(
    'Abattement annuel (en volume)',
  );
  // Above the charts: the site's and each roof's verdict against the 8 mm target, and the annual table.
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  // The climate-stress sensitivity: the site under the reference rain, then 10 % and 20 % more.
  const stress = page.getByRole('region', { name: 'Sensibilité à la pluie' });
  await expect(stress.getByRole('row')).toHaveText([
    /^Pluie/,
    /^Pluie de référence/,
    /^Pluie \+ 10 %/,
    /^Pluie \+ 20 %/,
  ]);
  await expect(
    page.getByText(/Sur l'ensemble du site, \d+(,\d)?\s% de la pluie annuelle ne rejoint pas le réseau/),
  ).toBeVisible();
  await expect(
    page.getByText(
      /^Toiture A\s: les premiers 8\smm de sa propre pluie sont retenus sur \d+(,\d)?\s% des jours de pluie\.$/,
    ),
  ).toBeVisible();
  const summary = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Pluie par an' }) });
  await expect(summary.getByRole('row', { name: /^Site entier/ })).toContainText('m³');
  // the header, two roofs, the rain on the ground (issue 27 item 2), the site
  await expect(summary.getByRole('row')).toHaveCount(5);
  await expect(summary.getByRole('row', { name: /^Sol\s: Jardin/ })).toContainText('m³');
  await expect(page.getByRole('figure', { name: 'Pluviométrie' })).toBeVisible();
  await expect(page.locator('.apexcharts-canvas')).toHaveCount(3);
  await expectAccessible(page, 'sm results');
  // Each chart has its data table, and a switch between the monthly retention and the target met.
  const tableA = page.getByRole('table', { name: 'Valeurs mensuelles — Toiture A' });
  await expect(tableA.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('table', { name: 'Pluviométrie mensuelle de la station' })).toBeVisible();
  const chartA = page.locator('figure').filter({ has: roofA });
  await expect(chartA.locator('.apexcharts-yaxis-title')).toContainText('Abattement (%)');
  await chartA.getByRole('radio', { name: "Respect de l'objectif" }).check();
  await expect(chartA.locator('.apexcharts-yaxis-title')).toContainText('Objectif atteint (%)');
  // said to a screen reader in French: ApexCharts' own words are English ("line chart with 2 data
  // series…", "…, visible. Press Enter or Space to toggle.")
  await expect(chartA.locator('svg.apexcharts-svg')).toHaveAttribute(
    'aria-label',
    'Toiture A\u00a0: Objectif atteint (%), mois par mois',
  );
  const rainChart = page.getByRole('figure', { name: 'Pluviométrie' });
  await expect(rainChart.locator('svg.apexcharts-svg')).toHaveAttribute('aria-label', 'Pluviométrie');
  const rainSeries = rainChart.getByRole('button', { name: /^Hauteur de pluie \(mm\), série affichée\./ });
  await expect(rainSeries).toHaveAccessibleName(
    "Hauteur de pluie (mm), série affichée. Entrée ou Espace pour l'afficher ou la masquer.",
  );
  await rainSeries.focus();
  await page.keyboard.press('Enter');
  await expect(
    rainChart.getByRole('button', { name: /^Hauteur de pluie \(mm\), série masquée\./ }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[aria-label*="Press Enter"], [aria-label*="data series"]')).toHaveCount(0);
  // The results as a workbook, read back.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger les résultats (Excel)' }).click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  expect(wb.worksheets.map((w) => w.name)).toEqual(['Synthèse annuelle', 'Mensuel']);
  expect(wb.getWorksheet('Mensuel')!.rowCount).toBe(1 + 24);

  // The note: a free text, then the PDF, read back.
  await page.getByRole('link', { name: 'Compléter la note de calcul' }).click();
  await expect(page.getByRole('heading', { name: 'Note de calcul', level: 1 })).toBeVisible();
  await expectAccessible(page, 'sm note');
  await expect(page.getByText('4. Surfaces au sol')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Informations complémentaires' })
    .first()
    .fill('Maître d’ouvrage : Ville de Paris');
  // The draft is kept with the project: Modify, then back to the note, and the text is still there.
  await page.waitForResponse((r) => r.url().includes('/note_draft/') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Modifier' }).first().click();
  await expect(page).toHaveURL(/\/client\/sm\/calculator\/1$/);
  await page.getByRole('link', { name: 'Note de calcul' }).click();
  await expect(page.getByRole('textbox', { name: 'Informations complémentaires' }).first()).toHaveValue(
    'Maître d’ouvrage : Ville de Paris',
  );
  await expect(page.locator('.note-section').filter({ hasText: '5. Déversements' })).toContainText('Jardin');
  const pdfResponse = page.waitForResponse((r) => r.url().includes('/pdf_download/'));
  // The PDF's tab opens at the click, before the note is printed (a tab opened after a long print is a
  // pop-up browsers block): the print is held until the tab is there, then the tab shows the PDF.
  const popup = page.waitForEvent('popup');
  await page.route('**/pdf_download/**', async (route) => {
    await popup;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Télécharger la note de calcul' }).click();
  const tab = await popup;
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await tab.waitForURL(/^blob:/);
  await page.unroute('**/pdf_download/**');
  const sent = JSON.parse((response.request().postDataJSON() as { data: string }).data) as {
    pluviometrie: string | null;
    toitures: (string | null)[];
  };
  expect(sent.pluviometrie).toMatch(/^data:image\/png;base64,/);
  expect(sent.toitures).toHaveLength(2);
  // The page hands the PDF to a new window; the same request, replayed with the page's cookies, is read back.
  const replay = await page.request.post(response.url(), {
    data: response.request().postDataJSON() as object,
  });
  const pdf = await replay.body();
  const text = await pdfText(pdf);
  expect(text).toContain('Groupe scolaire');
  expect(text).toContain('Maître d’ouvrage : Ville de Paris');
  expect(text).toContain('Paris-Montsouris');
  expect(text).toContain('Sensibilité à la pluie');
  expect(text).toContain('Pluie + 20 %');

  // The history finds the project; a click loads it back into the wizard (seed 001: a row goes to the
  // calculator, which fetches a calculated project's results).
  await page.goto('/client/sm/history');
  await page.getByRole('searchbox').fill('scolaire');
  await expect(page.getByRole('link', { name: 'Groupe scolaire', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Groupe scolaire', exact: true }).click();
  await expect(page).toHaveURL(/\/client\/sm\/calculator(\/\d)?\?id=/);
  await expect(page.getByRole('heading', { name: 'Déversements' })).toBeVisible();
});

/**
 * Issue 27 item 1: the note and its PDF show the same project. A section changed from the note, then the
 * browser's Back without Next: the page says the change is not saved, marks the results stale and keeps
 * the PDF until the change is saved and calculated; then the PDF prints the new answer.
 */
for (const width of [1366, 390])
  test(`sm note at ${width} px: unsaved changes are said, the PDF waits for them to be saved`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const id = await createSmExample(page, `Note ${width} ${Date.now()}`);
    await page.goto(`/client/sm/calculator?id=${id}`);
    await projectInSession(page, id);
    await page.goto('/client/sm/results');
    await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
    await page.getByRole('link', { name: 'Compléter la note de calcul' }).click();
    await expect(page.getByRole('heading', { name: 'Note de calcul', level: 1 })).toBeVisible();
    const download = page.getByRole('button', { name: 'Télécharger la note de calcul' });
    await expect(download).toBeEnabled();
    await expect(page.getByText(/^Modifications non enregistrées/)).toHaveCount(0);

    // Modify the site, change the address, Back without Next (on a phone the sections start folded:
    // the site's is opened first).
    const site = page.locator('.note-section').filter({ hasText: '2. ' }).first();
    if (width === 390) await site.locator('summary').click();
    await site.getByRole('button', { name: 'Modifier' }).click();
    await expect(page).toHaveURL(/\/client\/sm\/calculator\/2$/);
    await textbox(page, 'Adresse').fill('14 avenue Daumesnil');
    await page.goBack();
    await expect(page).toHaveURL(/\/client\/sm\/note\?id=[\w-]+$/);
    await expect(page.locator('.note-section').filter({ hasText: '2. ' }).first()).toContainText(
      '14 avenue Daumesnil',
    );
    await expect(page.getByText(/^Modifications non enregistrées/)).toBeVisible();
    await expect(download).toBeDisabled();
    await expect(download).toHaveAccessibleDescription(/^Enregistrez d'abord vos modifications/);
    await page.screenshot({ path: `test-results/note-unsaved-${width}.png`, fullPage: false });
    await expectAccessible(page, `sm note with unsaved changes (${width} px)`);

    // The results say it too.
    await page.goto('/client/sm/results');
    await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
    await expect(page.getByText(/^Modifications non enregistrées/)).toBeVisible();

    // Saved and calculated again: the notice goes, the note's PDF prints the new address.
    await page.getByRole('button', { name: 'Enregistrer et relancer le calcul' }).click();
    await expect(page).toHaveURL(new RegExp(`/client/sm/results\\?id=${id}$`));
    await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
    await expect(page.getByText(/^Modifications non enregistrées/)).toHaveCount(0);
    await page.getByRole('link', { name: 'Compléter la note de calcul' }).click();
    await expect(download).toBeEnabled();
    const pdfResponse = page.waitForResponse((r) => r.url().includes('/pdf_download/'));
    const popup = page.waitForEvent('popup');
    await download.click();
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    await popup;
    const replay = await page.request.post(response.url(), {
      data: response.request().postDataJSON() as object,
    });
    const text = await pdfText(await replay.body());
    expect(text).toContain('14 avenue Daumesnil');
    expect(text).not.toContain('3 rue de Belleville');
  });

test('sm results: the first chart is drawn at once, each of the others in a later task', async ({ page }) => {
  await signInAsAdmin(page);
  const id = await createSmExample(page);
  // How many charts the page holds after each task that changed it (a MutationObserver reports once the
  // task's work is done): charts drawn together show as one jump.
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { chartCounts: number[] }).chartCounts = seen;
    new MutationObserver(() => {
      const n = document.querySelectorAll('.apexcharts-canvas').length;
      if (n !== seen.at(-1)) seen.push(n);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/client/sm/calculator?id=${id}`);
  await submitSm(page);
  // two roofs and the rain: three charts, each with its table
  await expect(page.locator('.apexcharts-canvas')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Valeurs mensuelles — Toiture A' })).toBeAttached();
  await expect(page.getByRole('table', { name: 'Pluviométrie mensuelle de la station' })).toBeAttached();
  const counts = await page.evaluate(() => (window as unknown as { chartCounts: number[] }).chartCounts);
  expect(counts.filter((n) => n > 0)).toEqual([1, 2, 3]);
});

test('sm results: the sensitivity says why more rain meets the target on more days', async ({ page }) => {
  // sens12: the Paris example's bare roof makes the site miss every rain below 8 mm; more rain lifts days
  // just above 8 mm past the point where the green roof and the garden make up for it
  await signInAsAdmin(page);
  const id = await createSmExample(page);
  await page.goto(`/client/sm/calculator?id=${id}`);
  await submitSm(page);
  const stress = page.getByRole('region', { name: 'Sensibilité à la pluie' });
  await expect(stress.getByRole('row', { name: /^Pluie de référence/ })).toContainText('18,3 %');
  await expect(stress.getByRole('row', { name: /^Pluie \+ 20 %/ })).toContainText('23,0 %');
  // the words under the sensitivity's heading, beside its table
  const why = page.getByText(
    /^Ici, la part des jours de pluie où l'objectif est tenu augmente avec la pluie/,
  );
  await expect(why).toBeVisible();
  await expect(why).toContainText('la règle qui le veut');
  await expect(why).toContainText('alors que le site envoie plus');
});
