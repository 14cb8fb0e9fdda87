import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { projectInSession } from './project';

/** The download the button named `label` saves: its name and its text. */
async function downloadOf(page: Page, label: string): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: label }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

/**
 * Issue 39.2: the Canadian green roof site downloads as an EPA SWMM model from the results and note pages
 * of whoever sees its results (a self-serve calculator), in either language, an imperial project in SI
 * units.
 */
for (const [locale, label, heading] of [
  ['en', 'Download the EPA SWMM model (.inp)', 'Annual summary'],
  ['fr', 'Télécharger le modèle EPA SWMM (.inp)', 'Synthèse annuelle'],
] as const)
  test(`smca (${locale}): the site downloads as an EPA SWMM model from the results and the note`, async ({
    page,
  }) => {
    const example = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../server/calc/examples/smca-toronto.json'), 'utf8'),
    ) as { steps: { Chantier: { forms: { form: Record<string, unknown> }[] } } };
    const name = 'King Street Offices and the long podium of the Financial District tower';
    Object.assign(example.steps.Chantier.forms[0]!.form, { name, unit_system: 'IMPERIAL' });
    await page.goto('/client/smca/calculator');
    await page.getByRole('combobox', { name: /Langue|Language/ }).selectOption(locale);
    const made = await page.request.post('/api/smca/project', { data: { steps: example.steps } });
    const id = ((await made.json()) as { id: string }).id;
    await page.goto(`/client/smca/calculator?id=${id}`);
    await projectInSession(page, id);
    await page.goto('/client/smca/results');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    const fromResults = await downloadOf(page, label);
    expect(fromResults.name).toBe(`${name}.inp`);
    expect(fromResults.text).toMatch(new RegExp(`^\\[TITLE\\]\\n;;Project Title/Notes\\n${name}, `));
    expect(fromResults.text).toContain('[LID_CONTROLS]');
    expect(fromResults.text).toMatch(/^FLOW_UNITS +LPS$/m);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: label }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/swmm-export-smca-${locale}-${width}.png` });
    }
    await page.goto('/client/smca/note');
    const fromNote = await downloadOf(page, label);
    expect(fromNote.text).toBe(fromResults.text);
    await page.getByRole('button', { name: label }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/swmm-export-smca-note-${locale}-1366.png` });
  });
