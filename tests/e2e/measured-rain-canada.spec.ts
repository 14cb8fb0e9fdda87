import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { pdfText } from '../pdfText';
import { ecccYear } from '../fixtures/rain/days';
import { checkAnswersThenSubmit } from './project';

/**
 * Measured rain in the browser (issue 39.3): twelve yearly ECCC files sent from the site step, the series
 * named with its station and period, the project calculated on it, the note printed and read back with
 * the station and the period in it; then back to the generated series.
 */
test('smca: a measured ECCC series uploaded, calculated, printed in the note', async ({ page }) => {
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/smca-toronto.json'), 'utf8'),
  ) as { steps: { Chantier: { forms: { form: Record<string, unknown> }[] } } };
  example.steps.Chantier.forms[0]!.form.rain_region = 'Montréal';
  const made = await page.request.post('/api/smca/project', { data: { steps: example.steps } });
  const { id } = (await made.json()) as { id: string };

  await page.goto(`/client/smca/calculator?id=${id}`);
  await page.getByRole('button', { name: /^Chantier/ }).click();
  await expect(page.getByRole('heading', { name: 'Informations chantier' })).toBeVisible();
  await expect(page.getByText('Série générée à partir des normales de la station du projet.')).toBeVisible();
  const files = Array.from({ length: 12 }, (_, i) => 1991 + i).map((y) => ({
    name: `climate_daily_QC_7025251_${y}_P1D.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(ecccYear(y)),
  }));
  await page.getByLabel('Pluie du bilan').setInputFiles(files);
  const summary = page.locator('.rain-summary');
  await expect(summary).toContainText('station MONTREAL/PIERRE ELLIOTT TRUDEAU INTL (7025251)');
  await expect(summary).toContainText('du 1 janvier 1991 au 31 décembre 2002');
  await expect(summary).toContainText('11 années complètes utilisées (1991–2002)');
  await expect(page.getByText('Années écartées (jour manquant ou signalé) : 2001.')).toBeVisible();
  // the day 2001 lacks, with its file, line and column
  await expect(summary).toContainText(
    'Valeur manquante le 4 juillet 2001 : année écartée (fichier climate_daily_QC_7025251_2001_P1D.csv, ligne 186, colonne Total Precip Flag)',
  );

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/smca/project') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await saved;
  await page
    .getByRole('button', { name: /^Déversement/ })
    .first()
    .click();
  await checkAnswersThenSubmit(page, { submit: 'Lancer le calcul' });
  await expect(page).toHaveURL(/\/client\/smca\/results\?id=[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  await expect(
    page.getByRole('figure', {
      name: 'Pluviométrie de la série mesurée : station MONTREAL/PIERRE ELLIOTT TRUDEAU INTL, 1991–2002 (11 années complètes)',
    }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Compléter la note de calcul' }).click();
  const pdfResponse = page.waitForResponse((r) => r.url().includes('/pdf_download/'));
  await page.getByRole('button', { name: 'Télécharger la note de calcul' }).click();
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  const replay = await page.request.post(response.url(), {
    data: response.request().postDataJSON() as object,
  });
  const text = await pdfText(await replay.body());
  expect(text).toContain('Pluie mesurée');
  expect(text).toContain('MONTREAL/PIERRE ELLIOTT TRUDEAU INTL (7025251)');
  expect(text).toContain('du 1 janvier 1991 au 31 décembre 2002');
  expect(text).toContain('11 années complètes utilisées (1991–2002)');
  expect(text).toContain('Série mesurée et normales de la station, moyennes mensuelles');

  // back to the generated series, from the site step
  await page.goto(`/client/smca/calculator?id=${id}`);
  await page.getByRole('button', { name: /^Chantier/ }).click();
  await page.getByRole('button', { name: 'Revenir à la série générée' }).click();
  await expect(page.getByText('Série générée à partir des normales de la station du projet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reprendre la série mesurée' })).toBeVisible();
});

/**
 * A logger's readings stamped in UTC: refused without the station's zone, which the page then asks
 * among the zones the bundle offers; the same file read again in the zone chosen, the summary saying so.
 */
test("smca: a logger's UTC file read in the station's zone chosen on the page", async ({ page }) => {
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/smca-toronto.json'), 'utf8'),
  ) as { steps: object };
  const made = await page.request.post('/api/smca/project', { data: { steps: example.steps } });
  const { id } = (await made.json()) as { id: string };
  // ten years of hourly readings stamped in UTC
  const lines = ['time,mm'];
  for (let t = Date.UTC(1995, 0, 1, 8); t < Date.UTC(2005, 0, 1, 8); t += 3_600_000)
    lines.push(`${new Date(t).toISOString().slice(0, 19)}Z,${t % 86_400_000 === 0 ? 2 : 0}`);

  await page.goto(`/client/smca/calculator?id=${id}`);
  await page.getByRole('button', { name: /^Chantier/ }).click();
  await expect(page.getByText('Série générée à partir des normales de la station du projet.')).toBeVisible();
  await page.getByLabel('Pluie du bilan').setInputFiles({
    name: 'vancouver-utc.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  });
  await expect(page.getByRole('alert', { name: /^Fichiers refusés/ })).toContainText(
    '« 1995-01-01T08:00:00Z » est en UTC',
  );
  const zone = page.getByLabel('Fuseau horaire de la station');
  await expect(zone).toHaveValue('America/Toronto');
  await zone.selectOption({ label: 'Heure du Pacifique (Vancouver)' });
  await page.getByRole('button', { name: 'Lire les heures dans ce fuseau' }).click();
  const summary = page.locator('.rain-summary');
  await expect(summary).toContainText('10 années complètes utilisées (1995–2004)');
  // the zone said as the list of zones says it, never as its programme name (America/Vancouver)
  await expect(summary).toContainText(
    'converties dans le fuseau «\u00a0Heure du Pacifique (Vancouver)\u00a0»',
  );
  await expect(summary).not.toContainText('America/');
  await expect(page.getByText('Série mesurée :')).toBeVisible();
  await expect(zone).toHaveCount(0);
});
