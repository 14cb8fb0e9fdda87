import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfText } from '../pdfText';
import { expectAccessible } from './axe';
import { checkAnswersThenSubmit, projectInSession } from './project';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('smca in canada mode: English, imperial units, the whole journey to the charts, a reload keeping the state', async ({
  page,
}) => {
  await page.goto('/client/smca/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();

  await textbox(page, 'Name').fill('Alex Tremblay');
  await textbox(page, 'Company').fill('Tremblay Architectes');
  await textbox(page, 'Email').fill('alex@example.ca');
  await page.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Landscape architect' });
  await textbox(page, 'Sales contact').fill('Marie Roy');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Project information' })).toBeFocused();
  await page.getByRole('radio', { name: 'Imperial' }).check();
  await textbox(page, 'Project name').fill('King Street Offices');
  await textbox(page, 'City').fill('Toronto');
  await page.getByRole('combobox', { name: 'Province' }).selectOption({ label: 'Ontario' });
  await page.getByRole('combobox', { name: 'Rain region' }).selectOption({ label: 'Toronto' });
  await page.getByRole('radiogroup').first().getByRole('radio', { name: 'Yes' }).check();
  await textbox(page, 'Rain depth to retain').fill('0.2');
  await expect(page.getByText('in', { exact: true }).first()).toBeVisible();
  // a retention volume the city imposes, typed in US gallons
  await page.getByRole('radiogroup').nth(1).getByRole('radio', { name: 'Yes' }).check();
  await textbox(page, 'Retention volume').fill('1000');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Roofs' })).toBeVisible();
  await textbox(page, 'Roof name').fill('Tower roof');
  await page.getByRole('combobox', { name: 'Roof type' }).selectOption({ label: 'Conventional' });
  await textbox(page, 'Area').fill('16000');
  await expect(page.getByText('ft²').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'System' }).selectOption({ label: 'Extensive' });
  await page.getByRole('combobox', { name: 'Growing medium' }).selectOption({ label: 'SFX' });
  await textbox(page, 'Growing medium thickness').fill('1');
  await textbox(page, 'Growing medium thickness').press('Tab');
  await expect(page.getByText('Value must be between 1.6 and 15.7 in')).toBeVisible();
  await textbox(page, 'Growing medium thickness').fill('4');
  await expect(page.getByText('Value must be between 1.6 and 15.7 in')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Drain' }).selectOption({ label: 'Sopradrain Eco 5' });
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tower roof' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tower roof' })).toBeVisible();
  await checkAnswersThenSubmit(page, { check: 'Check my answers', submit: 'Start the calculation' });
  await expect(page).toHaveURL(/\/client\/smca\/results\?id=[\w-]+$/);
  const tower = page.locator('figcaption').filter({ hasText: 'Tower roof' });
  await expect(tower).toContainText(/Annual retention \(by volume\): \d+(\.\d)?\s%/);
  await expect(tower).toContainText(/Mean of monthly values: \d+ %/);
  await expect(page.getByRole('heading', { name: 'Annual summary' })).toBeVisible();
  await expect(
    page
      .getByRole('row', { name: /^Whole site/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText(/^[\d,]+\sUS gal$/);
  await expect(
    page.getByText(
      /^Tower roof: the first 0\.2\sin of its own rain is retained on [\d.]+\s% of rainy days\.$/,
    ),
  ).toBeVisible();
  // the imposed volume judged on how often it is free when the rain starts, and its rule (issue 25, 7)
  await expect(
    page.getByText(
      /^Imposed retention volume: 1,000\sUS gal\. It is free at the start of [\d.]+\s% of rainy days/,
    ),
  ).toBeVisible();
  await expect(
    page.getByText(/^Rule: the imposed volume must be free when the rain starts on at least 90\.0\s%/),
  ).toBeVisible();
  await expect(page.getByText(/^Rule: a rainy day counts for the site when the whole site/)).toBeVisible();
  // the rain normals in inches (issue 25, 10)
  await expect(
    page
      .getByRole('table', { name: 'Monthly rainfall at the station' })
      .getByRole('row', { name: /^Rain height \(in\) 2\.43/ }),
  ).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Rainfall' })).toBeVisible();
  // the charts' words for a screen reader are the page's, in English too
  const rainChart = page.getByRole('figure', { name: 'Rainfall' });
  await expect(rainChart.locator('svg.apexcharts-svg')).toHaveAttribute('aria-label', 'Rainfall');
  await expect(
    rainChart.getByRole('button', { name: /^Rain height \(in\), series shown\./ }),
  ).toHaveAccessibleName('Rain height (in), series shown. Press Enter or Space to show or hide it.');
  await expectAccessible(page, 'smca results (English)');

  // The English note in imperial units, and its PDF.
  await page.getByRole('link', { name: 'Complete the calculation note' }).click();
  await expect(page.getByText('3. Roofs')).toBeVisible();
  await expect(page.getByText('4 in', { exact: true })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Additional information' })
    .nth(2)
    .fill('Extensive roof on the tower');
  const pdfResponse = page.waitForResponse((r) => r.url().includes('/pdf_download/'));
  await page.getByRole('button', { name: 'Download the calculation note' }).click();
  const response = await pdfResponse;
  expect(response.url()).toContain('locale=en');
  expect(response.status()).toBe(200);
  const replay = await page.request.post(response.url(), {
    data: response.request().postDataJSON() as object,
  });
  const text = await pdfText(await replay.body());
  expect(text).toContain('Calculation note');
  expect(text).toContain('Extensive roof on the tower');
  expect(text).toContain('Growing medium thickness 4 in');

  // The unit switch on the note and the results (issue 27 item 3): the page reads its figures in the
  // other system at once, the choice is saved with the project, and the PDF follows it.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/smca/project') && r.request().method() === 'PUT',
  );
  await page.getByRole('radio', { name: 'Metric' }).check();
  await expect(page.getByText('101.6 mm')).toBeVisible();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(/^Unsaved changes/)).toHaveCount(0);
  const metricPdf = page.waitForResponse((r) => r.url().includes('/pdf_download/'));
  await page.getByRole('button', { name: 'Download the calculation note' }).click();
  const metricResponse = await metricPdf;
  const metricText = await pdfText(
    await (
      await page.request.post(metricResponse.url(), {
        data: metricResponse.request().postDataJSON() as object,
      })
    ).body(),
  );
  expect(metricText).toContain('Growing medium thickness 101.6 mm');
  await page.goto('/client/smca/results');
  await expect(page.getByRole('radio', { name: 'Metric' })).toBeChecked();
  await expect(
    page
      .getByRole('row', { name: /^Whole site/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText(/^[\d,.]+\sm³$/);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/results-units-${width}.png` });
  }
  await page.getByRole('radio', { name: 'Imperial' }).check();
  await expect(
    page
      .getByRole('row', { name: /^Whole site/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText(/^[\d,]+\sUS gal$/);
  await expectAccessible(page, 'smca results with the unit switch (English)');
});

test('the Canadian mode offers the French/English switch and the Canadian calculator on the home page', async ({
  page,
}) => {
  await page.goto('/client/home');
  await expect(page.getByRole('link', { name: /Commencer|Start/ })).toHaveAttribute('href', '/client/smca');
});

test('smca: the Canadian wizard renders from its bundle', async ({ page }) => {
  await page.goto('/client/smca/calculator');
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Profil' }).locator('option')).toHaveCount(13);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Jeanne Martin');
  await page.getByRole('textbox', { name: 'Société', exact: true }).fill('Bureau Martin');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('jeanne@example.fr');
  await page.getByRole('combobox', { name: 'Profil' }).selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Interlocuteur commercial', exact: true }).fill('Paul Durand');
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Région pluviométrique' })).toBeVisible();
});

test("the Canadian mode's root opens the Canadian calculator", async ({ page }) => {
  await page.goto('/client/');
  await expect(page).toHaveURL(/\/client\/smca\/calculator(\/\d)?$/);
  await page.goto('/client/sl/calculator');
  await expect(page).toHaveURL(/\/client\/smca\/calculator(\/\d)?$/);
});

test('many roofs in English: cards to correct flagged across pages, and the list view', async ({ page }) => {
  await page.goto('/client/smca/calculator');
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await page.goto('/client/smca/calculator/3');
  await expect(page.getByRole('heading', { name: 'Roofs' })).toBeVisible();
  // adding is offered on every page (a card while the page has room, else beside the arrows), and a card
  // added shows among the last ones, not alone on a new page
  for (let n = 2; n <= 4; n += 1) {
    await page.getByRole('button', { name: /Add a roof/ }).click();
    await expect(page.locator('.card-title').last()).toHaveText(new RegExp(`^Roof ${n}`));
  }
  await expect(page.locator('.carousel-cards > li.card:not(.card-add)')).toHaveCount(3);
  await expect(page.getByText(/^Page 2 of 2/)).toBeVisible();
  // New roofs are incomplete: those on the page not shown are flagged under the cards.
  await expect(page.getByText(/cards? to correct on (another page|other pages)/)).toBeVisible();
  await page.getByRole('button', { name: 'List' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(4)).toContainText('To correct');
  await rows.nth(4).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText(/^Page 2 of 2/)).toBeVisible();
});

test('on a phone, the English months under the charts are slanted, not run together', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/client/smca/calculator');
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples/smca-toronto.json'), 'utf8'),
  ) as { steps: unknown };
  const made = await page.request.post('/api/smca/project', { data: { steps: example.steps } });
  const id = ((await made.json()) as { id: string }).id;
  // the project opened in the wizard, then its results
  await page.goto(`/client/smca/calculator?id=${id}`);
  // the wizard is drawn once the project is in it (a placeholder holds its place meanwhile)
  await expect(page.locator('section.step h2')).toBeVisible();
  // the page may be the server's drawing: the project is the session's once the app has taken it over
  await projectInSession(page, id);
  await page.goto('/client/smca/results');
  await expect(page.getByRole('heading', { name: 'Annual summary' })).toBeVisible();
  const months = page.locator('figure').first().locator('.apexcharts-xaxis-texts-g text');
  await expect(months).toHaveCount(12);
  await expect(months.first()).toHaveAttribute('transform', /rotate\(-45/);
});
