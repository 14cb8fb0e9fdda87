import { expect, test, type Page } from '@playwright/test';

/** The wizard's journey items of issue 27 in English (smca, canada mode): Back, Tab, the summary, paste. */

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

test('in English: Back between steps, Tab to the next field, the error summary focused, roofs pasted', async ({
  page,
}) => {
  await page.goto('/client/smca/calculator');
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  // Next on a step that blocks: the focus moves to the error summary
  await next(page);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /to correct|problem/i })
      .first(),
  ).toBeFocused();
  await textbox(page, 'Name').fill('Alex Tremblay');
  await textbox(page, 'Company').fill('Tremblay Architectes');
  // typing after Tab from Company goes into the email (its info button follows it)
  await textbox(page, 'Company').press('Tab');
  await page.keyboard.type('alex@example.ca');
  await expect(textbox(page, 'Email')).toHaveValue('alex@example.ca');
  await page.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Landscape architect' });
  await textbox(page, 'Sales contact').fill('Marie Roy');
  await next(page);
  await expect(page.getByRole('heading', { name: 'Project information' })).toBeVisible();
  await expect(page).toHaveURL(/\/calculator\/2$/);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Project information' })).toBeVisible();
  await textbox(page, 'Project name').fill('King Street Offices');
  await textbox(page, 'City').fill('Toronto');
  await page.getByRole('combobox', { name: 'Province' }).selectOption({ label: 'Ontario' });
  await page.getByRole('combobox', { name: 'Rain region' }).selectOption({ label: 'Toronto' });
  await page.getByRole('radiogroup').first().getByRole('radio', { name: 'No' }).check();
  await next(page);
  await expect(page.getByRole('heading', { name: 'Roofs' })).toBeVisible();
  await page.getByRole('button', { name: 'Paste from a spreadsheet' }).click();
  await page
    .getByRole('textbox', { name: 'Rows copied from the spreadsheet' })
    .fill('System\tArea (ft²)\tRoof name\nExtensive\t1,200.5\tTower roof\nExtensive\t300\tPodium');
  await page.getByRole('button', { name: 'Preview' }).click();
  // the English headings, in another order than the bundle's, name their fields (issue 37 item 3)
  await expect(page.getByRole('combobox', { name: /^Column 1 / })).toHaveValue('system');
  await expect(page.getByRole('combobox', { name: /^Column 2 / })).toHaveValue('surface');
  await expect(page.getByRole('combobox', { name: /^Column 3 / })).toHaveValue('name');
  await expect(page.getByText('Every cell fits its field.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('paste-preview-en.png'), fullPage: false });
  await page.getByRole('button', { name: 'Add 2 roofs' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 cards added.' })).toBeVisible();
  await expect(textbox(page, 'Roof name')).toHaveCount(2);
  await expect(textbox(page, 'Roof name').first()).toHaveValue('Tower roof');
  // the spreadsheet's grouping dropped: 1,200.5 is twelve hundred and a half
  await expect(textbox(page, 'Area').first()).toHaveValue('1200.5');
});
