import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { runSwmm, swmmBinary } from '../swmm/runswmm';

/** Ten years of a logger's hourly readings in local time: 2.5 mm in two hours of every 29. */
function loggerCsv(): { text: string; total: number } {
  const lines = ['Date Time,Rain (mm)'];
  let total = 0;
  let k = 0;
  for (let t = Date.UTC(2001, 0, 1); t < Date.UTC(2011, 0, 1); t += 3_600_000) {
    const mm = k++ % 29 < 2 ? 2.5 : 0;
    total += mm;
    lines.push(`${new Date(t).toISOString().slice(0, 16).replace('T', ' ')},${mm}`);
  }
  return { text: lines.join('\n'), total };
}

async function downloadOf(page: Page, label: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: label }).click();
  return readFileSync(await (await download).path(), 'utf8');
}

/**
 * The engineer's path with a logger (smca, en and fr): hourly readings sent from the site step, the
 * project calculated on them, the EPA SWMM model downloaded from the results: its rain gauge has the
 * logger's interval and SWMM 5.2.4 runs it clean, raining the readings' millimetres.
 */
for (const [locale, words] of [
  [
    'en',
    {
      step: /^Project/,
      rain: 'Rain of the balance',
      next: 'Next',
      spills: /^Spill/,
      check: 'Check my answers',
      submit: 'Start the calculation',
      heading: 'Annual summary',
      swmm: 'Download the EPA SWMM model (.inp)',
    },
  ],
  [
    'fr',
    {
      step: /^Chantier/,
      rain: 'Pluie du bilan',
      next: 'Suivant',
      spills: /^Déversement/,
      check: 'Vérifier mes réponses',
      submit: 'Lancer le calcul',
      heading: 'Synthèse annuelle',
      swmm: 'Télécharger le modèle EPA SWMM (.inp)',
    },
  ],
] as const)
  test(`smca (${locale}): a logger's hourly readings uploaded, the model rains them hour by hour`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const swmm = swmmBinary();
    test.skip(!('path' in swmm), 'no SWMM here');
    const example = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../server/calc/examples/smca-toronto.json'), 'utf8'),
    ) as { steps: Record<string, unknown> };
    await page.goto('/client/smca/calculator');
    await page.getByRole('combobox', { name: /Langue|Language/ }).selectOption(locale);
    const made = await page.request.post('/api/smca/project', { data: { steps: example.steps } });
    const { id } = (await made.json()) as { id: string };
    await page.goto(`/client/smca/calculator?id=${id}`);
    await page.getByRole('button', { name: words.step }).click();
    const file = loggerCsv();
    await page.getByLabel(words.rain).setInputFiles({
      name: 'toronto-logger.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file.text),
    });
    await expect(page.locator('.rain-summary')).toContainText('toronto-logger.csv');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/smca/project') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await saved;
    await page.getByRole('button', { name: words.spills }).first().click();
    await page.getByRole('button', { name: words.check }).click();
    await page.getByRole('button', { name: words.submit }).click();
    await expect(page.getByRole('heading', { name: words.heading })).toBeVisible();
    const inp = await downloadOf(page, words.swmm);
    expect(inp).toMatch(/^GAGE +VOLUME +01:00 /m);
    const run = await runSwmm((swmm as { path: string }).path, inp);
    expect([run.errors, run.warnings]).toEqual([[], []]);
    const total = Number(/Total Precipitation \.+\s+\S+\s+(\S+)/.exec(run.report)?.[1]);
    expect(total).toBeCloseTo(file.total, 0);
  });
