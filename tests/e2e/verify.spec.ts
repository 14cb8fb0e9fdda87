/**
 * Issue 30 in the browser: a note the city can verify (the QR code read from the PDF's cover image, the
 * same figures, a method version changed, a PDF altered by one byte, a withdrawn code, axe, a phone, the
 * iframe style), and a project that follows its author (its link in a second browser without the owner's
 * cookie, edited and saved; its file exported and opened on a second installation, calculated the same;
 * the lost-project choices). Two servers of the test process, each on its own fresh SQLite folder, serve
 * the build the e2e servers made; the first one's database is read and changed as a build of another
 * method version would have left it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { RESERVED_VERDICT } from '../issuedVerdict';
import { qrOfCover } from '../qrFromPdf';
import { expectAccessible } from './axe';
import { PORTS } from './ports';

const root = join(import.meta.dirname, '../..');
const example = JSON.parse(readFileSync(join(root, 'server/calc/examples/sl-lyon.json'), 'utf8')) as {
  steps: Record<string, unknown>;
};

interface Running {
  url: string;
  dir: string;
}
let spare: ChildProcess | undefined;
let a: Running;
let b: Running;
test.beforeAll(async () => {
  const made = [PORTS.spareA, PORTS.spareB].map((port) => ({
    url: `http://127.0.0.1:${port}`,
    dir: mkdtempSync(join(tmpdir(), 'rw-e2e-verify-')),
  }));
  [a, b] = made as [Running, Running];
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'tests/e2e/spareServers.ts'),
      ...made.map((m) => `${new URL(m.url).port}:${m.dir}`),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  spare = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the spare servers stopped (${String(code)})`)));
  });
});
test.afterAll(async () => {
  if (spare && spare.exitCode === null) {
    const exited = new Promise((resolve) => spare!.once('exit', resolve));
    spare.kill('SIGTERM');
    await exited;
  }
  for (const s of [a, b]) if (s) rmSync(s.dir, { recursive: true, force: true });
});

/** An issued flow-limiter note's stored results, as the tests change them. */
interface IssuedResults {
  method: { version: string };
  max_volume: number;
  diameter: number;
  verdict: { status: string; rule: string; findings: unknown[] };
}

/** The first server's database, as a build of another method version would have left an issued note. */
function asIssuedBy(code: string, version: string, change: (r: IssuedResults) => void): void {
  const db = new Database(join(a.dir, 'app.db'));
  try {
    const row = db.prepare('select results from issued_notes where code = ?').get(code) as {
      results: string;
    };
    const results = JSON.parse(row.results) as IssuedResults;
    results.method.version = version;
    change(results);
    db.prepare('update issued_notes set results = ?, method_version = ? where code = ?').run(
      JSON.stringify(results),
      version,
      code,
    );
  } finally {
    db.close();
  }
}

/** A calculated flow-limiter project of this browser on `at`; answers its id. */
async function calculatedProject(page: Page, at: Running): Promise<string> {
  const made = await page.request.post(`${at.url}/api/slowli/project`, { data: { steps: example.steps } });
  const id = ((await made.json()) as { id: string }).id;
  expect((await page.request.get(`${at.url}/api/slowli/calculate/${id}`)).status()).toBe(200);
  return id;
}
async function print(page: Page, id: string): Promise<Buffer> {
  const r = await page.request.post(`${a.url}/api/slowli/pdf_download/${id}`, {
    data: { data: JSON.stringify({ informations: [] }) },
  });
  expect(r.status()).toBe(200);
  return r.body();
}

test('a printed note verified from its QR code: same figures, the PDF byte for byte, axe, a phone, an iframe', async ({
  page,
}) => {
  const id = await calculatedProject(page, a);
  const pdf = await print(page, id);
  const address = await qrOfCover(pdf);
  expect(address).toMatch(new RegExp(`^${a.url}/client/verify/[a-z2-7]{26}$`));
  await page.goto(`${address!}?lang=en`);
  await expect(page.getByRole('heading', { name: 'Verifying a calculation note' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Same figures' })).toBeVisible();
  await expect(page.getByRole('rowheader').first()).toBeVisible();
  // the day the note was issued, as the reader writes it (never 2026-11-25)
  const today = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date());
  await expect(page.locator('.verify-facts').first()).toContainText(`Issued on${today}`);
  await expectAccessible(page, 'verification page', { all: true });
  // the file's button in the page's language, not the browser's ("Choose File" / "Parcourir…")
  await expect(page.locator('.verify-drop')).toContainText('Choose a file');
  // on a desktop the cards take the page's column, not a wizard card's 350 px
  expect((await page.locator('.verify-card').first().boundingBox())!.width).toBeGreaterThan(600);
  // the issued PDF, then the same PDF altered by one byte
  const chooser = page.getByLabel(/Drop the note's PDF file here/);
  await chooser.setInputFiles({ name: 'note.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('This is the issued note, byte for byte.')).toBeVisible();
  const altered = Buffer.from(pdf);
  const at = Math.floor(altered.length / 3);
  altered[at] = altered[at]! ^ 0x20;
  await chooser.setInputFiles({ name: 'note.pdf', mimeType: 'application/pdf', buffer: altered });
  await expect(page.getByText('This is not the issued note')).toBeVisible();
  // in French, on a phone, inside the manufacturer's iframe style: one column, no sideways scrolling
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${address!}?lang=fr&iframe=yes`);
  await expect(page.getByRole('status').filter({ hasText: 'Mêmes chiffres' })).toBeVisible();
  const aujourdhui = new Intl.DateTimeFormat('fr', { dateStyle: 'long' }).format(new Date());
  await expect(page.locator('.verify-facts').first()).toContainText(`Émise le${aujourdhui}`);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
    ),
  ).toBe(true);
  await expectAccessible(page, 'verification page on a phone', { all: true });
});

test('a method version changed since the note: each difference with the change that explains it; a withdrawn code', async ({
  page,
}) => {
  const id = await calculatedProject(page, a);
  const address = (await qrOfCover(await print(page, id)))!;
  const code = address.split('/').pop()!;
  // what a build of method 1.1 issued: its version and another volume
  asIssuedBy(code, '1.1.0', (r) => {
    r.max_volume *= 2;
  });
  // (the flow-limiter calculator speaks French only: its figures and the method's words are French)
  await page.goto(`${address}?lang=fr`);
  const verdict = page.getByRole('status').filter({ hasText: 'Les chiffres diffèrent' });
  await expect(verdict).toBeVisible();
  await expect(verdict.getByRole('listitem')).toHaveText([
    /^Méthode 1\.2\s:/,
    /^Méthode 1\.3\s:/,
    /^Méthode 1\.4\s:/,
    /^Méthode 1\.5\s:/,
  ]);
  await expect(page.locator('tr.verify-differs')).toHaveCount(1);
  // the author withdraws it from the calculator page
  await page.goto(`${a.url}/client/sl/calculator?id=${id}`);
  await page.getByText('Retrouver ce projet ailleurs').click();
  await page.locator(`li[data-code="${code}"]`).getByRole('button', { name: 'Retirer ce code' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retirer ce code' }).click();
  await expect(page.locator(`li[data-code="${code}"]`)).toContainText('retirée');
  await page.goto(`${address}?lang=fr`);
  await expect(page.getByRole('alert')).toContainText('Ce code a été retiré');
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('an orifice changed alone, and the verdict: each difference shown, issued and recalculated (issue 36)', async ({
  page,
}) => {
  const id = await calculatedProject(page, a);
  const address = (await qrOfCover(await print(page, id)))!;
  const code = address.split('/').pop()!;
  // what a build of method 1.1 issued: another orifice (which the note never prints), another verdict
  asIssuedBy(code, '1.1.0', (r) => {
    r.diameter += 6;
    r.verdict = structuredClone(RESERVED_VERDICT);
  });
  await page.goto(`${address}?lang=fr`);
  await expect(page.getByRole('status').filter({ hasText: 'Les chiffres diffèrent' })).toBeVisible();
  // the orifice: compared, its value never written
  const orifice = page.locator('tr[data-figure="diameter"]');
  await expect(orifice).toHaveClass(/verify-differs/);
  await expect(orifice.locator('td').first()).toHaveText('non imprimé');
  await expect(orifice.locator('td').nth(1)).toContainText('différent');
  // each difference points to the method's history
  await expect(
    orifice.getByRole('link', { name: /changements de méthode 1\.2, 1\.3, 1\.4, 1\.5/ }),
  ).toHaveAttribute('href', '#verify-changes');
  // the verdict as issued and as recalculated
  const verdict = page.locator('tr[data-verdict="design"]');
  await expect(verdict).toHaveClass(/verify-differs/);
  await expect(verdict.locator('td[data-side="issued"]')).toContainText('Conforme avec réserves');
  await expect(verdict.locator('td[data-side="issued"]')).toContainText('Réserve : la durée de pluie');
  await expect(verdict.locator('td[data-side="today"] .verify-status')).toHaveText('Conforme');
  await expect(page.locator('#verify-changes li')).toHaveText([
    /^Méthode 1\.2\s:/,
    /^Méthode 1\.3\s:/,
    /^Méthode 1\.4\s:/,
    /^Méthode 1\.5\s:/,
  ]);
  // only these two differ: the other figures stand, the roofs' figures are the same
  await expect(page.locator('tr.verify-differs')).toHaveCount(2);
  await expect(page.locator('.verify-details-same')).toBeVisible();
});

test('the verification page for the city official: styled as the results, English throughout (issue 37)', async ({
  page,
}) => {
  const id = await calculatedProject(page, a);
  const address = (await qrOfCover(await print(page, id)))!;
  // a French-only calculator's note read in English: English words, English numbers
  await page.goto(`${address}?lang=en`);
  const figures = page.getByRole('region', { name: 'Key figures: as issued and calculated again today' });
  await expect(figures.getByRole('rowheader', { name: 'Volume to store' })).toBeVisible();
  await expect(figures.locator('tr[data-figure="peak"] td').first()).toHaveText(/^\d\.\d\d\sL\/s$/);
  await expect(page.getByRole('row', { name: /Design check/ })).toContainText('Conform');
  await expect(page.getByRole('region', { name: 'The project' })).toContainText('Retention area: 1,200 m²');
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/Volume à stocker|Toitures|Débit|Conforme|Surface de rétention/);
  // no decimal comma in a figure (1,200 m² is a thousands separator)
  expect(text).not.toMatch(/\d,\d{1,2}\s?(%|m³|L\/s|mm|h)\b/);
  // row headings to the left like the results' tables, column headings apart, figures on one line
  const heading = figures.getByRole('rowheader').first();
  expect(await heading.evaluate((el) => getComputedStyle(el).textAlign)).toBe('left');
  const heads = figures.locator('thead th');
  const [h1, h2] = [await heads.nth(1).boundingBox(), await heads.nth(2).boundingBox()];
  expect(h2!.x - (h1!.x + h1!.width)).toBeGreaterThanOrEqual(0);
  expect(
    await heads.nth(1).evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingRight)),
  ).toBeGreaterThanOrEqual(8);
  // on a phone, in French: "66,0 %" never wraps before its unit
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${address}?lang=fr`);
  const cells = page.locator('.verify-table td');
  await expect(cells.first()).toBeVisible();
  for (const cell of await page.locator('tr[data-figure] td:first-of-type').all()) {
    const lines = await cell.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el.firstChild ?? el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  }
  await expectAccessible(page, 'verification page in French on a phone', { all: true });
});

test('a project reopened by its link in a second browser, edited and saved; a renewed link is dead', async ({
  page,
  browser,
}) => {
  const id = await calculatedProject(page, a);
  await page.goto(`${a.url}/client/sl/calculator?id=${id}`);
  await page.getByText('Retrouver ce projet ailleurs').click();
  await page.getByRole('button', { name: 'Copier le lien du projet' }).click();
  const link = await page.getByLabel('Lien du projet').inputValue();
  expect(link).toMatch(new RegExp(`^${a.url}/client/open/[A-Za-z0-9_-]{22}$`));

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await expect(second).toHaveURL(new RegExp(`/client/sl/calculator/\\d\\?id=${id}`));
  // a complete project opens on its last step: back to the first, the client's
  await second.getByRole('button', { name: /^Client/ }).click();
  const name = second.getByRole('textbox', { name: 'Nom', exact: true });
  await expect(name).not.toHaveValue('');
  await name.fill('Renamed elsewhere');
  const saved = second.waitForResponse(
    (r) => r.url().endsWith('/api/slowli/project') && r.request().method() === 'PUT',
  );
  await second.getByRole('button', { name: 'Suivant' }).click();
  expect((await saved).status()).toBe(200);
  const stored = await page.request.get(`${a.url}/api/slowli/project/${id}`);
  const steps = ((await stored.json()) as { steps: { Client: { forms: { form: { name: string } }[] } } })
    .steps;
  expect(steps.Client.forms[0]!.form.name).toBe('Renamed elsewhere');

  // renewed: the old link leads nowhere, in a third browser too
  await page.getByRole('button', { name: 'Renouveler le lien' }).click();
  // asked first (issue 37 item 9)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Renouveler le lien' }).click();
  await expect(page.getByLabel('Lien du projet')).not.toHaveValue(link);
  const third = await (await browser.newContext()).newPage();
  await third.goto(link);
  await expect(third.getByRole('alert')).toBeVisible();
  await expect(third).toHaveURL(/\/client\/open\//);
  await other.close();
  await third.context().close();
});

test('a project file exported, opened on a second installation, calculated to the same figures', async ({
  page,
}) => {
  const id = await calculatedProject(page, a);
  await page.goto(`${a.url}/client/sl/calculator?id=${id}`);
  await page.getByText('Retrouver ce projet ailleurs').click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger le projet' }).click();
  const file = readFileSync((await (await downloading).path())!);

  await page.goto(`${b.url}/client/sl/calculator`);
  const opened = page.waitForResponse((r) => r.url().endsWith('/api/slowli/project/file'));
  await page
    .getByText('Ouvrir un fichier de projet')
    .first()
    .locator('input')
    .setInputFiles({ name: 'projet.json', mimeType: 'application/json', buffer: file });
  const newId = ((await (await opened).json()) as { id: string }).id;
  await expect(page).toHaveURL(new RegExp(`/client/sl/calculator(/\\d)?\\?id=${newId}`));
  const there = await page.request.get(`${b.url}/api/slowli/calculate/${newId}`);
  const here = await page.request.get(`${a.url}/api/slowli/calculate/${id}`);
  expect(await there.json()).toEqual(await here.json());
});

test('a project this browser cannot reach offers the link and the file, not to save an empty form', async ({
  page,
  browser,
}) => {
  const id = await calculatedProject(page, a);
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(`${a.url}/client/sl/calculator?id=${id}`);
  // (issue 37) the form on screen is not that project's: nothing to save as a new one
  const unknown = stranger.getByRole('alert').filter({ hasText: 'Aucun projet ne répond à cette adresse' });
  await expect(unknown).toBeVisible();
  await expect(unknown.getByText('Ouvrir un fichier de projet')).toBeVisible();
  await expect(unknown.getByLabel('Ou collez le lien du projet :')).toBeVisible();
  await expect(unknown.getByRole('button', { name: 'Enregistrer comme nouveau projet' })).toHaveCount(0);
  await expect(stranger.getByText(/Vos réponses sont toujours à l'écran/)).toHaveCount(0);
  await stranger.context().close();
});
