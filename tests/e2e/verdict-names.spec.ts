import { expect, test } from '@playwright/test';
import { pdfText } from '../pdfText';
import { qrOfCover } from '../qrFromPdf';
import { ADMIN } from './ports';
import { LONG_ROOF, smWithLongRoofs } from './project';

/**
 * The verdict's "En cause" note of a site where ten roofs of long names miss the target: it named all ten
 * (323 px of text on a 390 px phone, the same paragraph in the PDF and on the verification page). It names
 * three and counts the others; the results' table still gives each roof's share of rainy days.
 */

const long = LONG_ROOF;

test('ten roofs miss the target: the verdict names three and counts seven, on the page, in the PDF and on the verification page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // 20 roofs, every other one a roof that holds no 8 mm: 10 blockers
  const id = await smWithLongRoofs(page, 20);
  expect((await page.request.get(`${ADMIN}/api/skywater_manager/calculate/${id}`)).status()).toBe(200);
  await page.goto(`${ADMIN}/client/sm/results?id=${id}`);
  const verdict = page.getByRole('region', { name: "Objectif d'abattement" });
  const named = `${long} 2, ${long} 4, ${long} 6`;
  const note = verdict.getByText(/^En cause/);
  await expect(note).toHaveText(
    new RegExp(`^En cause\u00a0: ${named} et 7 autres \\(2\u00a0000\u00a0m² en tout\\) ne retiennent pas`),
  );
  await expect(note).not.toContainText(`${long} 8`);
  // ten names took 323 px; three names and a count take about 200
  expect((await note.boundingBox())!.height).toBeLessThan(240);
  // each roof's share of rainy days stays in the table, the seventh of the others too
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: `${long} 20`, exact: true }) });
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+,\d\s%$/);

  const printed = await page.request.post(`${ADMIN}/api/skywater_manager/pdf_download/${id}`, {
    data: { data: JSON.stringify({ informations: [] }) },
  });
  expect(printed.status()).toBe(200);
  const pdf = await printed.body();
  const text = await pdfText(pdf);
  // the conclusion's and the results' sentence alike (the spills section names every roof: its subject)
  const sentences = text.match(/En cause : .*?des jours de pluie \(il en faut [^)]*\)\./g);
  expect(sentences).toHaveLength(2);
  for (const s of sentences!) {
    expect(s).toContain(`En cause : ${named} et 7 autres (2 000 m² en tout)`);
    expect(s).not.toContain(`${long} 8`);
  }

  await page.goto(`${(await qrOfCover(pdf))!}?lang=en`);
  await expect(page.getByRole('heading', { name: 'Verifying a calculation note' })).toBeVisible();
  // the verdict as issued and as recalculated today
  const target = page.locator('tr[data-verdict]');
  await expect(target).toContainText(`Why: ${named} and 7 others (2,000\u00a0m² in all) cannot hold`);
  await expect(target).not.toContainText(`${long} 8`);
});
