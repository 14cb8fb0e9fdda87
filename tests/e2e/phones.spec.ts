import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, CANADA } from './ports';

/**
 * Issue 37 item 6: on a phone (390 x 844) each step's first field shows without scrolling (a compact step
 * indicator, the project's link and file folded away), and the spill diagram's labels stay legible
 * (≥ 11 px) within its own scrolling region; at 1366 px the timeline and the tools are as they were.
 */

const long = 'Bâtiment administratif principal, aile nord-est, toiture terrasse';

type Example = { steps: Record<string, { forms: { form: Record<string, unknown>; uuid: string }[] }> };

/** An example project with 30 roofs with long names, their water flowing roof to roof, to a ground, to the sewer. */
function with30Roofs(file: string): Example {
  const example = JSON.parse(
    readFileSync(join(import.meta.dirname, `../../server/calc/examples/${file}`), 'utf8'),
  ) as Example;
  const [a, b] = example.steps.Toiture!.forms.map((f) => f.form);
  const roofs = Array.from({ length: 30 }, (_, i) => ({
    form: { ...(i % 2 ? b : a), name: `${long} ${i + 1}` },
    uuid: `Toiture${i}`,
  }));
  const ground = example.steps.Sol!.forms[0];
  example.steps.Toiture!.forms = roofs;
  example.steps.Deversement!.forms = roofs.map((r, i) => ({
    form: {
      source: { ...r.form, uuid: r.uuid },
      // two roofs' water crosses another roof first: the picture has three columns
      destination:
        i < 2
          ? { ...roofs[i + 2]!.form, uuid: roofs[i + 2]!.uuid }
          : ground && i % 3
            ? { ...ground.form, uuid: ground.uuid }
            : 'Égouts',
    },
    uuid: `Deversement${i}`,
  }));
  return example;
}

/** The sm example with 30 roofs, stored by the admin (sm is an admin calculator); its id. */
async function smWith30Roofs(page: Page): Promise<string> {
  await page.goto(`${ADMIN}/client/login`);
  await page.getByLabel('Mot de passe').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/history$/);
  const made = await page.request.post(`${ADMIN}/api/skywater_manager/project`, {
    data: { steps: with30Roofs('sm-paris.json').steps },
  });
  expect(made.ok()).toBe(true);
  return ((await made.json()) as { id: string }).id;
}

/** The step's first field (a gate's answer, an input, a select), its box once the page is at its top. */
async function firstFieldBox(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const field = page.locator('.step').locator('input:not([type=hidden]), select, textarea').first();
  await expect(field).toBeVisible();
  return (await field.boundingBox())!;
}

/** Each label of the spill diagram: its rendered font size, and whether it lies within its scrolling region. */
const diagramLabels = (page: Page) =>
  page.evaluate(() => {
    const region = document.querySelector('.spill-diagram-scroll')!;
    const r = region.getBoundingClientRect();
    const svg = region.querySelector('svg')!;
    const scale = svg.getScreenCTM()!.a;
    return {
      region: {
        left: r.left,
        right: r.right,
        scrollWidth: region.scrollWidth,
        clientWidth: region.clientWidth,
      },
      overflowX: getComputedStyle(region).overflowX,
      labels: Array.from(svg.querySelectorAll('text'), (t) => {
        const b = t.getBoundingClientRect();
        return {
          text: t.textContent,
          px: parseFloat(getComputedStyle(t).fontSize) * scale,
          left: b.left - r.left + region.scrollLeft,
          right: b.right - r.left + region.scrollLeft,
        };
      }),
      pageWidth: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    };
  });

test('at 390 x 844: every step of sm shows its first field without scrolling; the diagram is legible in its region', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = await smWith30Roofs(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${ADMIN}/client/sm/calculator/1?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Informations client' })).toBeVisible();
  // the project's link and file are one line, opened on demand
  const tools = page.getByText('Lien et fichier du projet');
  await expect(tools).toBeVisible();
  await expect(page.getByText('Ouvrir un fichier de projet')).toBeHidden();
  for (const [n, heading] of [
    [1, 'Informations client'],
    [2, 'Informations chantier'],
    [3, 'Toitures'],
    [4, 'Surfaces au sol'],
    [5, 'Déversements'],
  ] as const) {
    await page.goto(`${ADMIN}/client/sm/calculator/${n}`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    const box = await firstFieldBox(page);
    await page.screenshot({ path: test.info().outputPath(`phone-sm-step${n}-fr.png`) });
    // above the footer that stays at the bottom of the screen (Previous, Next)
    const footer = (await page.locator('.wizard-footer').boundingBox())!;
    expect(box.y + box.height, `step ${n}: the first field's bottom`).toBeLessThanOrEqual(
      Math.min(844, footer.y),
    );
  }
  // the spill diagram: each label legible (≥ 11 px) and within the region, which scrolls, not the page
  const d = await diagramLabels(page);
  expect(d.labels.length).toBeGreaterThan(30);
  expect(d.labels.filter((l) => l.px < 11)).toEqual([]);
  expect(d.labels.filter((l) => l.left < 0 || l.right > d.region.scrollWidth + 0.5)).toEqual([]);
  expect(d.region.right).toBeLessThanOrEqual(390);
  expect(d.pageWidth).toBeLessThanOrEqual(d.viewport);
  if (d.region.scrollWidth > d.region.clientWidth) expect(d.overflowX).toBe('auto');
  const sewer = page.locator('.spill-diagram text').filter({ hasText: 'Égouts' });
  await sewer.scrollIntoViewIfNeeded();
  await expect(sewer).toBeInViewport({ ratio: 1 });
  await page
    .locator('.spill-diagram')
    .screenshot({ path: test.info().outputPath('phone-sm-diagram-fr.png') });
  await tools.click();
  await expect(page.getByText('Ouvrir un fichier de projet')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-sm-tools-open-fr.png') });

  // at 1366 px: the timeline names every step, the tools are shown as before, the labels at full size
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByText('Lien et fichier du projet')).toHaveCount(0);
  await expect(page.getByText('Ouvrir un fichier de projet')).toBeVisible();
  for (const tab of ['Client', 'Chantier', 'Toiture', 'Sol', 'Déversement'])
    await expect(page.locator('.timeline-label').filter({ hasText: tab }).first()).toBeVisible();
  const wide = await diagramLabels(page);
  expect(wide.labels.filter((l) => l.px < 12)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('desktop-sm-step5-fr.png') });
});

/** The lines an element's text takes on screen. */
const linesOf = (e: Element): number => {
  const range = document.createRange();
  range.selectNodeContents(e);
  return range.getClientRects().length;
};

test('at 390 x 844, the list of 30 roofs of long names: a name keeps three lines, not six', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = await smWith30Roofs(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${ADMIN}/client/sm/calculator/3?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Toitures', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Liste', exact: true }).click();
  const name = page.getByRole('cell', { name: `${long} 1`, exact: true });
  await expect(name).toBeVisible();
  // the name's lines (it took six, 128 px a row: three roofs a screen)
  expect(await name.evaluate(linesOf)).toBeLessThanOrEqual(3);
  // the page itself does not move sideways: the table scrolls in its region
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
    ),
  ).toBe(true);
  await page.screenshot({ path: test.info().outputPath('phone-sm-roofs-list-fr.png') });
  // the spills' list, each row headed by its roof's name
  await page.goto(`${ADMIN}/client/sm/calculator/5`);
  await expect(page.getByRole('heading', { name: 'Déversements', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Liste', exact: true }).click();
  const spill = page.getByRole('rowheader', { name: `${long} 1`, exact: true });
  await expect(spill).toBeVisible();
  expect(await spill.evaluate(linesOf)).toBeLessThanOrEqual(3);
});

test('at 1366 x 768, the spill step of 30 roofs: the first choice on the first screen, the picture scrolls in its region', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = await smWith30Roofs(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${ADMIN}/client/sm/calculator/5?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Déversements', exact: true })).toBeVisible();
  await expect(page.locator('.spill-diagram text').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  // the picture came first at its full height, 2,000 px: the first choice was three screens down
  await expect(page.getByRole('combobox', { name: /^Se déverse dans/ }).first()).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('desktop-sm-step5-30-roofs-fr.png') });
  // every roof of the picture still within reach, in its own region
  const last = page.locator('.spill-node text').filter({ hasText: / 30$/ }).first();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
    ),
  ).toBe(true);
});

test('at 1366 x 768 in English (smca, 30 roofs): the first "Flows into" on the first screen, under the units and language', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${CANADA}/client/smca/calculator`);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();
  const made = await page.request.post(`${CANADA}/api/smca/project`, {
    data: { steps: with30Roofs('smca-toronto.json').steps },
  });
  expect(made.ok()).toBe(true);
  const id = ((await made.json()) as { id: string }).id;
  await page.goto(`${CANADA}/client/smca/calculator/5?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Spills', exact: true })).toBeVisible();
  await expect(page.locator('.spill-diagram text').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  // the language line and the units' box took 100 px more than sm's page: the first choice ended at 839 px
  await expect(page.getByRole('combobox', { name: /^Flows into/ }).first()).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('desktop-smca-step5-30-roofs-en.png') });
  // the language, the units and the project's tools all still there, none over another or the title
  const boxes = await Promise.all(
    [
      page.getByRole('combobox', { name: 'Language' }),
      page.getByRole('heading', { name: 'Stormwater retention (Canada)' }),
      page.getByRole('group', { name: 'Units' }),
      page.getByText('Find this project elsewhere'),
    ].map(async (l) => (await l.boundingBox())!),
  );
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      expect(
        a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y,
      ).toBe(true);
  await page.getByRole('radio', { name: 'Imperial' }).check();
  await expect(page.getByRole('radio', { name: 'Imperial' })).toBeChecked();
});

test('at 390 x 844 in English (smca, 30 roofs): every step shows its first field without scrolling; the diagram is legible', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${CANADA}/client/smca/calculator`);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();
  const made = await page.request.post(`${CANADA}/api/smca/project`, {
    data: { steps: with30Roofs('smca-toronto.json').steps },
  });
  expect(made.ok()).toBe(true);
  const id = ((await made.json()) as { id: string }).id;
  await page.goto(`${CANADA}/client/smca/calculator/1?id=${id}`);
  await expect(page.getByText('Project link and file')).toBeVisible();
  for (const [n, heading] of [
    [1, 'Client information'],
    [2, 'Project information'],
    [3, 'Roofs'],
    [4, 'Ground surfaces'],
    [5, 'Spills'],
  ] as const) {
    await page.goto(`${CANADA}/client/smca/calculator/${n}`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    const box = await firstFieldBox(page);
    await page.screenshot({ path: test.info().outputPath(`phone-smca-step${n}-en.png`) });
    const footer = (await page.locator('.wizard-footer').boundingBox())!;
    expect(box.y + box.height, `step ${n}: the first field's bottom`).toBeLessThanOrEqual(
      Math.min(844, footer.y),
    );
  }
  const d = await diagramLabels(page);
  expect(d.labels.length).toBeGreaterThan(30);
  expect(d.labels.filter((l) => l.px < 11)).toEqual([]);
  expect(d.labels.filter((l) => l.left < 0 || l.right > d.region.scrollWidth + 0.5)).toEqual([]);
  expect(d.pageWidth).toBeLessThanOrEqual(d.viewport);
  await page
    .locator('.spill-diagram')
    .screenshot({ path: test.info().outputPath('phone-smca-diagram-en.png') });
});

test("at 390 x 844 in English (smca, 30 roofs): the results open on the summary table, the roofs' sentences folded under it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${CANADA}/client/smca/calculator`);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();
  const made = await page.request.post(`${CANADA}/api/smca/project`, {
    data: { steps: with30Roofs('smca-toronto.json').steps },
  });
  expect(made.ok()).toBe(true);
  const id = ((await made.json()) as { id: string }).id;
  expect((await page.request.get(`${CANADA}/api/smca/calculate/${id}`)).status()).toBe(200);
  await page.goto(`${CANADA}/client/smca/results?id=${id}`);
  // the table's first roof on the first screen (it was under four screens of sentences, one per roof)
  const firstRoof = page.getByRole('rowheader', { name: `${long} 1`, exact: true });
  await expect(firstRoof).toBeVisible();
  await firstRoofClearOfTheBar(page, firstRoof);
  await page.screenshot({ path: test.info().outputPath('phone-smca-results-en.png') });
  // the way on (the note) stays in reach at the bottom of the screen, 25 screens of charts above it
  // (it was at 20,961 px)
  const toNote = page.getByRole('link', { name: 'Complete the calculation note' });
  await expect(toNote).toBeInViewport();
  await page.getByRole('button', { name: 'Download the EPA SWMM model (.inp)' }).scrollIntoViewIfNeeded();
  await expect(toNote).toBeInViewport();
  // the sentences say the table's rows in words: folded below it, opened on demand
  const sentence = page.getByText(`${long} 1: the first 5 mm of its own rain`);
  const fold = page.getByText('Each roof in a sentence (30)');
  await expect(sentence).toBeHidden();
  await fold.click();
  await expect(sentence).toBeVisible();
  expect((await sentence.boundingBox())!.y).toBeGreaterThan((await firstRoof.boundingBox())!.y);
  // on a desktop they are shown at once, still after the table
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.reload();
  await expect(page.getByText(`${long} 2: the first 5 mm of its own rain`)).toBeVisible();
  // at 1366 px in imperial, the table's last column ("To the sewer per year") whole, not 11 px past the
  // page's edge behind a sideways scroll
  await page.getByRole('radio', { name: 'Imperial' }).check();
  await expect(page.getByRole('cell', { name: /US gal$/ }).first()).toBeVisible();
  const summary = page
    .locator('.table-scroll')
    .filter({ has: page.getByRole('rowheader', { name: `${long} 1` }) });
  expect(await summary.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
  await expect(
    page
      .getByRole('region', { name: 'Annual summary' })
      .getByRole('columnheader', { name: 'To the sewer per year' }),
  ).toBeInViewport({
    ratio: 1,
  });
  await page.screenshot({ path: test.info().outputPath('desktop-smca-results-imperial-en.png') });
  await page.getByRole('radio', { name: 'Metric' }).check();
  await expect(page.getByRole('cell', { name: /m³$/ }).first()).toBeVisible();
  // in French too (a longer brand's name, longer headings), the first roof above the bar on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
  await firstRoofClearOfTheBar(page, page.getByRole('rowheader', { name: `${long} 1`, exact: true }));
  await page.screenshot({ path: test.info().outputPath('phone-smca-results-fr.png') });
  await expect(page.getByRole('link', { name: 'Retour aux données' })).toBeInViewport();
});

/**
 * The results' first roof on the first screen of a phone, whole above the bar pinned at its bottom (Back
 * to the data, Complete the note: it took two lines over the row), its name in two lines at most (a
 * 66-character name took six).
 */
async function firstRoofClearOfTheBar(page: Page, firstRoof: ReturnType<Page['getByRole']>) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const row = (await firstRoof.boundingBox())!;
  const bar = (await page.locator('.page-results > .wizard-footer').boundingBox())!;
  expect(bar.y + bar.height).toBeLessThanOrEqual(844.5);
  expect(row.y + row.height, "the first roof's bottom, above the pinned bar").toBeLessThanOrEqual(bar.y);
  const line = await firstRoof.evaluate((th) => parseFloat(getComputedStyle(th).lineHeight) || 20);
  expect(row.height, 'two lines and its padding').toBeLessThan(3 * line);
}

test('at 390 x 844 in English (smca, 30 roofs): the note opens with its sections folded, its download on the first screen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${CANADA}/client/smca/calculator`);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();
  const made = await page.request.post(`${CANADA}/api/smca/project`, {
    data: { steps: with30Roofs('smca-toronto.json').steps },
  });
  expect(made.ok()).toBe(true);
  const id = ((await made.json()) as { id: string }).id;
  expect((await page.request.get(`${CANADA}/api/smca/calculate/${id}`)).status()).toBe(200);
  await page.goto(`${CANADA}/client/smca/note?id=${id}`);
  // the download was 38 screens down, under every section open
  const download = page.getByRole('button', { name: 'Download the calculation note' });
  await expect(download).toBeVisible();
  expect((await download.boundingBox())!.y).toBeLessThan(844);
  await page.screenshot({ path: test.info().outputPath('phone-smca-note-en.png') });
  // a section opens on demand, with its answers and its own text
  const roofName = page.getByText(`${long} 1`, { exact: true }).first();
  await expect(roofName).toBeHidden();
  await page.getByText('3. Roofs').click();
  await expect(roofName).toBeVisible();
  // on a desktop the sections are open at once
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.reload();
  await expect(page.getByText(`${long} 2`, { exact: true }).first()).toBeVisible();
});

/** The boxes of the save state and of the project's name under the title, once saved: none drawn over another. */
async function saveStateClear(page: Page, saved: string) {
  const status = page.getByRole('status').filter({ hasText: saved });
  await expect(status).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const boxes = await page.evaluate(() =>
    ['main h1', 'main .save-state', 'main .project-name'].map((s) => {
      const r = document.querySelector(s)!.getBoundingClientRect();
      return { s, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  const [title, state, name] = boxes as [(typeof boxes)[0], (typeof boxes)[0], (typeof boxes)[0]];
  const apart = (a: typeof title, b: typeof title) =>
    a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
  expect(apart(state, name), 'the save state beside or away from the name, not over it').toBe(true);
  expect(apart(state, title), 'the save state away from the title').toBe(true);
  // whole on screen, on one line
  expect(state.right).toBeLessThanOrEqual(await page.evaluate(() => document.documentElement.clientWidth));
  expect(state.bottom - state.top).toBeLessThan(30);
}

const longName = 'Résidence étudiante Les Jardins de la Bièvre, bâtiment B, toiture-terrasse végétalisée';

test('a project of a long name saved: "Projet enregistré." is never drawn over its name, phone or desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await smWith30Roofs(page);
  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${ADMIN}/client/sm/calculator/2?id=${id}`);
    const name = page.getByLabel('Nom du chantier');
    await name.fill(`${longName} ${width}`);
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Toitures', exact: true })).toBeVisible();
    await saveStateClear(page, 'Projet enregistré.');
    await page.screenshot({ path: test.info().outputPath(`save-state-sm-${width}-fr.png`) });
  }
});

test('in English (smca), a long name saved: "Project saved." is never drawn over it, phone or desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${CANADA}/client/smca/calculator`);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Client information' })).toBeVisible();
  const made = await page.request.post(`${CANADA}/api/smca/project`, {
    data: { steps: with30Roofs('smca-toronto.json').steps },
  });
  const id = ((await made.json()) as { id: string }).id;
  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${CANADA}/client/smca/calculator/2?id=${id}`);
    await page
      .getByLabel('Project name')
      .fill(`Wellesley Street East student residence, building B, green roof ${width}`);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Roofs', exact: true })).toBeVisible();
    await saveStateClear(page, 'Project saved.');
    await page.screenshot({ path: test.info().outputPath(`save-state-smca-${width}-en.png`) });
  }
});
