import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CANADA } from './ports';

/**
 * A stored project's wizard page drawn by the server (server/ssr.ts, app/ssr): its fields in the page
 * itself, then taken over by the browser's app without being drawn again (issue 40: a phone shows the
 * project's answers long before its code has arrived).
 */
const example = (file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../server/calc/examples', file), 'utf8')) as {
    steps: Record<string, { forms: { form: Record<string, unknown>; uuid?: string }[] }>;
  };

/** Stores the sl example project (Lyon), its site and its roofs named as given; answers its id. */
async function storeSl(request: APIRequestContext, roofs: string[], site = 'Résidence Les Tilleuls') {
  const sl = example('sl-lyon.json');
  sl.steps.Chantier!.forms[0]!.form.name = site;
  const [roof] = sl.steps.Toiture!.forms;
  sl.steps.Toiture!.forms = roofs.map((name, i) => ({
    ...structuredClone(roof!),
    uuid: `Toiture${i}`,
    form: { ...roof!.form, name },
  }));
  const made = await request.post('/api/slowli/project', { data: { steps: sl.steps } });
  expect(made.ok()).toBe(true);
  return ((await made.json()) as { id: string }).id;
}

/**
 * A stored project's wizard page as the server sends it, once the server draws pages (it reads its
 * drawing code at the first page it could draw, which it sends undrawn meanwhile: server/ssr.ts).
 */
async function drawnPage(request: APIRequestContext, url: string): Promise<string> {
  let html = '';
  await expect
    .poll(async () => {
      html = await (await request.get(url)).text();
      return html.includes('id="drawn-state"');
    })
    .toBe(true);
  return html;
}

/** The page with its scripts held until `release` is called: what a slow link shows first. */
async function withScriptsHeld(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a stored project's page arrives drawn, and what is typed before its code arrives is kept", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // a name that would end the page's state script, were it written as it is
  const id = await storeSl(page.request, ['Toiture </script><b>A</b>'], 'Site <!-- « Tilleuls » -->');
  const html = await drawnPage(page.request, `/client/sl/calculator?id=${id}`);
  expect(html).toMatch(
    /<input[^>]*id="Toiture-0_name"[^>]*value="Toiture &lt;\/script&gt;&lt;b&gt;A&lt;\/b&gt;"/,
  );
  expect(html).not.toContain('</script><b>');
  // compressed, as the API's answers are (a 100-roof page is some 50 KB of markup and state)
  const sent = await page.request.get(`/client/sl/calculator?id=${id}`, {
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(sent.headers()['content-encoding']).toBe('br');

  const release = await withScriptsHeld(page);
  await page.goto(`/client/sl/calculator?id=${id}`, { waitUntil: 'commit' });
  const name = page.locator('#Toiture-0_name');
  await expect(name).toHaveValue('Toiture </script><b>A</b>');
  await expect(page.getByText('Projet : Site <!-- « Tilleuls » -->')).toBeVisible();
  const drawnField = await name.elementHandle();
  await name.fill('Toiture tapée avant');
  // its buttons, which nothing would answer yet, take no click until the app runs the page
  await expect(page.locator('#root')).toHaveAttribute('data-taking-over', '');
  expect(
    await page
      .getByRole('button', { name: 'Lancer le calcul' })
      .evaluate((el) => getComputedStyle(el).pointerEvents),
  ).toBe('none');
  release();
  // taken over: the address names the step, the buttons answer, the card's heading follows what was typed
  await expect(page).toHaveURL(/\/client\/sl\/calculator\/\d\?id=/);
  await expect(page.locator('#root')).not.toHaveAttribute('data-taking-over');
  await expect(page.locator('li.card h3').first()).toContainText('Toiture tapée avant');
  // the server's field is the one on screen (the page was not drawn again), holding what was typed
  expect(await drawnField!.evaluate((el) => el.isConnected)).toBe(true);
  await expect(name).toHaveValue('Toiture tapée avant');
  // and the wizard keeps it (its session), as a typed key would
  await expect
    .poll(() => page.evaluate(`sessionStorage.getItem('sl_form') ?? ''`))
    .toContain('Toiture tapée avant');
  expect(errors).toEqual([]);
});

test("another visitor asking for the project's address gets the page undrawn, without its answers", async ({
  page,
  browser,
}) => {
  const id = await storeSl(page.request, ['Toiture du voisin']);
  // drawn for its owner
  expect(await drawnPage(page.request, `/client/sl/calculator?id=${id}`)).toContain('Toiture du voisin');
  const other = await browser.newContext();
  try {
    const html = await (await other.request.get(`/client/sl/calculator?id=${id}`)).text();
    expect(html).not.toContain('Toiture du voisin');
    expect(html).not.toContain('id="drawn-state"');
    expect(html).toContain('<div id="root"></div>');
  } finally {
    await other.close();
  }
});

test("a phone is sent a phone's page: one card, the project's tools folded", async ({ browser }) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  });
  try {
    const page = await phone.newPage();
    const id = await storeSl(page.request, ['Toiture A', 'Toiture B', 'Toiture C']);
    await drawnPage(page.request, `/client/sl/calculator?id=${id}`);
    const release = await withScriptsHeld(page);
    await page.goto(`/client/sl/calculator?id=${id}`, { waitUntil: 'commit' });
    await expect(page.locator('#Toiture-0_name')).toBeVisible();
    await expect(page.locator('.carousel-cards > li.card:not(.card-add)')).toHaveCount(1);
    await expect(page.locator('details.project-tools-fold')).toHaveCount(1);
    release();
    await expect(page).toHaveURL(/\/client\/sl\/calculator\/\d\?id=/);
    await expect(page.locator('.carousel-cards > li.card:not(.card-add)')).toHaveCount(1);
  } finally {
    await phone.close();
  }
});

test('the Canadian calculator is drawn in the language the visitor chose', async ({ page }) => {
  await page.goto(`${CANADA}/client/smca/calculator`);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
  const ca = example('smca-toronto.json');
  const made = await page.request.post(`${CANADA}/api/smca/project`, { data: { steps: ca.steps } });
  const id = ((await made.json()) as { id: string }).id;
  const html = await drawnPage(page.request, `${CANADA}/client/smca/calculator?id=${id}`);
  expect(html).toContain('<html lang="en">');
  const release = await withScriptsHeld(page);
  await page.goto(`${CANADA}/client/smca/calculator?id=${id}`, { waitUntil: 'commit' });
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  release();
  await expect(page).toHaveURL(/\/client\/smca\/calculator\/\d\?id=/);
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
});
