/**
 * The results' address names their project (/smca/results?id=…): copied from the address bar and opened
 * in another browser of the same owner (its cookie, not the tab's session), reloaded after the session is
 * gone, or sent to a colleague, it shows that project's results; an address naming a project this
 * browser cannot read says so, in the user's language. Canada mode: a visitor's own projects, in English.
 */
import { expect, test, type Page } from '@playwright/test';
import { checkAnswersThenSubmit } from './project';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const siteRow = (page: Page) => page.getByRole('row', { name: /^Whole site/ });
/** the whole site's figures: its row's cells */
const siteFigures = (page: Page) => siteRow(page).getByRole('cell');
const UNKNOWN = /^No project answers this address from this browser/;

test('a results address opened in a new browser of the same owner shows the same results', async ({
  page,
  browser,
}) => {
  await page.goto('/client/smca/calculator');
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();
  await textbox(page, 'Name').fill('Alex Tremblay');
  await textbox(page, 'Company').fill('Tremblay Architectes');
  await textbox(page, 'Email').fill('alex@example.ca');
  await page.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Landscape architect' });
  await textbox(page, 'Sales contact').fill('Marie Roy');
  await next(page);
  await expect(page.getByRole('heading', { name: 'Project information' })).toBeFocused();
  await textbox(page, 'Project name').fill('Queen Street Offices');
  await textbox(page, 'City').fill('Toronto');
  await page.getByRole('combobox', { name: 'Province' }).selectOption({ label: 'Ontario' });
  await page.getByRole('combobox', { name: 'Rain region' }).selectOption({ label: 'Toronto' });
  await page.getByRole('radiogroup').first().getByRole('radio', { name: 'No' }).check();
  await next(page);
  await expect(page.getByRole('heading', { name: 'Roofs' })).toBeVisible();
  await textbox(page, 'Roof name').fill('Tower roof');
  await page.getByRole('combobox', { name: 'Roof type' }).selectOption({ label: 'Conventional' });
  await textbox(page, 'Area').fill('1500');
  await page.getByRole('combobox', { name: 'System' }).selectOption({ label: 'Extensive' });
  await page.getByRole('combobox', { name: 'Growing medium' }).selectOption({ label: 'SFX' });
  await textbox(page, 'Growing medium thickness').fill('100');
  await page.getByRole('combobox', { name: 'Drain' }).selectOption({ label: 'Sopradrain Eco 5' });
  await next(page);
  await page.getByRole('radio', { name: 'No' }).check();
  await next(page);
  await expect(page.getByRole('heading', { name: 'Tower roof' })).toBeVisible();
  await checkAnswersThenSubmit(page, { check: 'Check my answers', submit: 'Start the calculation' });

  // the address names the project
  await expect(page).toHaveURL(/\/client\/smca\/results\?id=[\w-]+$/);
  await expect(siteRow(page)).toHaveText(/\d/);
  const figures = await siteFigures(page).allTextContents();
  expect(figures.length).toBeGreaterThan(3);
  const address = page.url();

  // another browser of the same owner: its cookie and its language, none of this tab's session
  const state = await page.context().storageState();
  const colleague = await browser.newContext({ storageState: state });
  try {
    const tab = await colleague.newPage();
    await tab.goto(address);
    await expect(siteFigures(tab)).toHaveText(figures);
    await expect(tab).toHaveURL(address);
    await expect(tab.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
    await expect(tab.getByText(/no project is open/)).toHaveCount(0);
    // its way back to the data opens the project's answers
    await tab.getByRole('link', { name: 'Back to the data' }).click();
    await tab.getByRole('button', { name: /^Project \(/ }).click();
    await expect(textbox(tab, 'Project name')).toHaveValue('Queen Street Offices');
  } finally {
    await colleague.close();
  }

  // the same tab reloaded after the browser dropped its session
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(siteFigures(page)).toHaveText(figures);

  // a browser of someone else (no owner cookie) may not read it: said, and no figures
  const stranger = await browser.newContext({
    storageState: { cookies: [], origins: state.origins },
  });
  try {
    const tab = await stranger.newPage();
    await tab.goto(address);
    await expect(tab.getByRole('alert').filter({ hasText: UNKNOWN })).toBeVisible();
    await expect(siteRow(tab)).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test('a results address naming no project says so, in English', async ({ page }) => {
  await page.goto('/client/smca/calculator');
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();
  await page.goto('/client/smca/results?id=AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: UNKNOWN })).toBeVisible();
  await expect(page.getByText(/no project is open/)).toHaveCount(0);
  await expect(siteRow(page)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('results-unknown-en.png'), fullPage: true });
});
