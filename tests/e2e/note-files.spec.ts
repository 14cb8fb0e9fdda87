import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './ports';
import { projectInSession } from './project';

// A 2x2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR42mP8z8DwnwEIGGEMAC/QA/0uwcUuAAAAAElFTkSuQmCC',
  'base64',
);

const example = (file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../server/calc/examples/${file}`), 'utf8')) as {
    steps: unknown;
  };

/** The native file input is in the page for the keyboard and the label, but none of its English shows. */
async function expectNoBrowserFileText(page: Page) {
  for (const input of await page.locator('input[type="file"]').all()) {
    const box = await input.boundingBox();
    expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true);
  }
}

for (const [width, height] of [
  [390, 844],
  [1366, 768],
] as const) {
  test(`the note page at ${width} px: answers as rows, Modifier apart, an attached image shown with its thumbnail and kept after Modifier and Back, removable`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`${ADMIN}/client/login`);
    await page.getByLabel('Mot de passe').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/history$/);
    const made = await page.request.post(`${ADMIN}/api/skywater_manager/project`, {
      data: { steps: example('sm-paris.json').steps },
    });
    const id = ((await made.json()) as { id: string }).id;
    // (the project arrives in the page the server drew, or fetched by the app: in its session either way)
    await page.goto(`${ADMIN}/client/sm/calculator?id=${id}`);
    await projectInSession(page, id);
    // the note follows the results: calculated first
    await page.goto(`${ADMIN}/client/sm/results`);
    await expect(page.getByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
    await page.goto(`${ADMIN}/client/sm/note`);
    const first = page.locator('.note-section').first();
    if (width < 768) {
      // on a phone the sections start folded, the download in sight; a tap opens one
      await expect(page.getByRole('button', { name: 'Télécharger la note de calcul' })).toBeInViewport();
      await expect(first.locator('dt').first()).toBeHidden();
      await first.locator('summary').click();
    }
    await expect(first.locator('dt').first()).toBeVisible();
    // no browser indent: a value sits in its row, not 40 px in
    const dd = first.locator('dd').first();
    expect(await dd.evaluate((el) => getComputedStyle(el).marginInlineStart)).toBe('0px');
    // Modifier stands apart from the next field's label
    const modify = first.getByRole('button', { name: 'Modifier' });
    const label = first.getByText('Informations complémentaires');
    const mb = (await modify.boundingBox())!;
    const lb = (await label.boundingBox())!;
    expect(lb.y - (mb.y + mb.height)).toBeGreaterThanOrEqual(8);

    // the file input in French, the browser's words nowhere
    await expect(first.getByText('Choisir un fichier')).toBeVisible();
    await expectNoBrowserFileText(page);
    // its name on its own line above the button, not glued to it ("Pièce jointe (image)Choisir un fichier")
    const fileLabel = (await first.getByText('Pièce jointe (image)', { exact: true }).boundingBox())!;
    const fileButton = (await first.getByText('Choisir un fichier').boundingBox())!;
    expect(fileButton.y).toBeGreaterThanOrEqual(fileLabel.y + fileLabel.height);
    // the draft is saved a moment after a change: its PUT carries the image
    const saved = page.waitForResponse(
      (r) =>
        r.url().includes('/note_draft/') &&
        r.request().method() === 'PUT' &&
        (r.request().postData() ?? '').includes('data:image/png'),
    );
    await first.getByLabel('Pièce jointe (image)').setInputFiles({
      name: 'facade.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const thumb = first.locator('.file-list img');
    await expect(thumb).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(first.getByText('Image jointe')).toBeVisible();
    await expect(first.getByText('Remplacer le fichier')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`note-${width}.png`), fullPage: false });
    await saved;

    // Modifier, then Back: the image is still there, and the page says so
    await modify.click();
    await expect(page).toHaveURL(/\/client\/sm\/calculator/);
    await page.goBack();
    await expect(page).toHaveURL(/\/client\/sm\/note/);
    // the section holding the image is open again, on a phone too
    const again = page.locator('.note-section').first();
    await expect(again.locator('.file-list img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(again.locator('.file-list img')).toBeVisible();
    await expect(again.getByText('Image jointe')).toBeVisible();

    // removed: the list goes, the button reads "Choisir un fichier" again
    await again.getByRole('button', { name: 'Retirer Image jointe' }).click();
    await expect(again.locator('.file-list')).toHaveCount(0);
    await expect(again.getByText('Choisir un fichier')).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
      ),
    ).toBe(true);
  });

  test(`the send panel at ${width} px: the chosen file listed with a remove, then a thank-you page with a copy and a new project`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/client/sl/calculator');
    const made = await page.request.post('/api/slowli/project', {
      data: { steps: example('sl-lyon.json').steps },
    });
    const id = ((await made.json()) as { id: string }).id;
    await page.goto(`/client/sl/calculator?id=${id}`);
    await projectInSession(page, id);
    await page.getByRole('button', { name: 'Lancer le calcul' }).click();
    await expect(page.getByText('Votre formulaire est prêt à être envoyé.')).toBeVisible();
    await expect(page.getByText('Choisir un fichier')).toBeVisible();
    await expectNoBrowserFileText(page);

    await page
      .getByLabel(/Joindre un fichier/)
      .setInputFiles({ name: 'toit.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.locator('.file-list img')).toHaveAttribute('src', /^blob:/);
    await expect(page.locator('.file-list')).toContainText('toit.png');
    await page.getByRole('button', { name: 'Retirer toit.png' }).click();
    await expect(page.locator('.file-list')).toHaveCount(0);
    await page.getByLabel(/Joindre un fichier/).setInputFiles({
      name: 'plan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await expect(page.locator('.file-list')).toContainText('plan.pdf');
    await expect(page.locator('.file-list svg')).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Commentaire (facultatif)' }).fill('Accès par la cour');
    await page.screenshot({ path: test.info().outputPath(`send-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();

    await expect(page.getByText(/Merci\u00a0! Votre projet a été transmis/)).toBeVisible();
    await expect(page.getByText(/^Référence de votre demande\u00a0: \d+$/)).toBeVisible();
    const copy = page.getByRole('region', { name: 'Ce que vous avez envoyé' });
    await expect(copy).toContainText('Jeanne Martin');
    await expect(copy).toContainText('Accès par la cour');
    await expect(copy).toContainText('plan.pdf');
    await expect(page.getByRole('button', { name: 'Imprimer cette copie' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`thanks-${width}.png`), fullPage: true });
    await page.getByRole('link', { name: 'Commencer un nouveau projet' }).click();
    await expect(page).toHaveURL(/\/client\/sl\/calculator(\/\d)?$/);
    await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('');
  });
}
