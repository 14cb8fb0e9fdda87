/**
 * Issue 35 item 6 and issue 37 item 9 in the browser: deleting a project whose notes were printed asks
 * what becomes of them (a native dialog, the safe choice focused); kept, they stay the author's to hide
 * the client or withdraw from the verification page, which shows those choices to the author only;
 * withdrawn, the page shows nothing more. The project tools ask before renewing the link or withdrawing
 * a code, mark the latest note and pass axe with every rule and impact.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';

type Steps = { Chantier: { forms: { form: Record<string, unknown> }[] } };
const example = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../server/calc/examples/sl-lyon.json'), 'utf8'),
) as { steps: Steps };
const EMAIL = 'jeanne.martin@example.fr';

/** A calculated flow-limiter project named `name`, of this browser; answers its id. */
async function calculated(page: Page, name: string): Promise<string> {
  const steps = structuredClone(example.steps);
  steps.Chantier.forms[0]!.form.name = name;
  const made = await page.request.post('/api/slowli/project', { data: { steps } });
  const id = ((await made.json()) as { id: string }).id;
  expect((await page.request.get(`/api/slowli/calculate/${id}`)).status()).toBe(200);
  return id;
}
/** Prints the project's note; answers its verification code. */
async function print(page: Page, id: string): Promise<string> {
  const r = await page.request.post(`/api/slowli/pdf_download/${id}`, {
    data: { data: JSON.stringify({ informations: [] }) },
  });
  expect(r.status()).toBe(200);
  return r.headers()['x-verification-code']!;
}
/** Deletes the history row named `name` through its menu, answering the notes' question with `choice`. */
async function deleteRow(page: Page, name: string, choice: RegExp) {
  const row = page.locator('tr.history-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Options du projet' }).click();
  await page.getByRole('menuitem', { name: 'Supprimer le projet' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`« ${name} »`);
  await expect(dialog.getByRole('group', { name: /Des notes ont été imprimées/ })).toBeVisible();
  // kept as issued to start with, the focus on Cancel: Enter deletes nothing
  await expect(dialog.getByRole('radio', { name: /^Les garder comme émises/ })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await dialog.getByRole('radio', { name: choice }).check();
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(row).toHaveCount(0);
}

test("a deleted project's notes: kept, still the author's to hide or withdraw; withdrawn, nothing public", async ({
  page,
  browser,
}) => {
  // two notes printed, four pages read and checked: a loaded machine takes its time
  test.setTimeout(300_000);
  const keptId = await calculated(page, 'Notes gardées');
  const kept = await print(page, keptId);
  const gone = await print(page, await calculated(page, 'Notes retirées'));
  expect(
    (await page.request.patch(`/api/slowli/note/${kept}`, { data: { show_client: true } })).status(),
  ).toBe(204);
  await page.goto('/client/sl/history');
  await deleteRow(page, 'Notes gardées', /^Les garder comme émises/);
  await deleteRow(page, 'Notes retirées', /^Les retirer/);
  await page.screenshot({ path: test.info().outputPath('history-after.png'), fullPage: true });

  // kept: the page still verifies it, and its author is offered the choices there
  await page.goto(`/client/verify/${kept}?lang=fr`);
  const author = page.getByRole('region', { name: "Vous êtes l'auteur de cette note" });
  await expect(author).toBeVisible();
  await expect(page.getByText(EMAIL)).toBeVisible();
  await expectAccessible(page, 'verification page, author');
  await page.screenshot({ path: test.info().outputPath('verify-author.png'), fullPage: true });
  // another browser sees the note, not the author's choices
  const other = await browser.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('heading', { name: 'La note émise', exact: true })).toBeVisible();
  await expect(other.getByRole('region', { name: "Vous êtes l'auteur de cette note" })).toHaveCount(0);
  // the author hides the client: no e-mail on the public page any more
  await author.getByRole('checkbox', { name: 'Montrer le client sur la page de vérification' }).uncheck();
  await expect(page.getByText(EMAIL)).toHaveCount(0);
  await other.reload();
  await expect(other.getByRole('heading', { name: 'La note émise', exact: true })).toBeVisible();
  await expect(other.getByText(EMAIL)).toHaveCount(0);
  await other.close();
  // …and withdraws it, asked first with the focus on Cancel
  await author.getByRole('button', { name: 'Retirer ce code' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText("C'est définitif");
  await expect(ask.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await ask.getByRole('button', { name: 'Retirer ce code' }).click();
  await expect(page.getByRole('alert')).toContainText('Ce code a été retiré');

  // withdrawn with its project: the page says so and nothing more
  await page.goto(`/client/verify/${gone}?lang=fr`);
  await expect(page.getByRole('alert')).toContainText('Ce code a été retiré');
  await expect(page.getByText(EMAIL)).toHaveCount(0);
});

for (const [width, height] of [
  [390, 844],
  [1366, 768],
] as const)
  test(`the project tools at ${width} px: the latest note marked, a new link and a withdrawal asked first, axe`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const id = await calculated(page, 'Outils du projet');
    const codes = [await print(page, id), await print(page, id), await print(page, id)];
    await page.goto(`/client/sl/calculator?id=${id}`);
    // on a phone the project's tools are folded away first (issue 37 item 6)
    if (width < 768) await page.getByText('Lien et fichier du projet').click();
    await page.getByText('Retrouver ce projet ailleurs').click();
    const notes = page.locator('.project-move-notes li');
    await expect(notes).toHaveCount(3);
    // newest first, marked as the latest; the others said to stay valid
    await expect(notes.first()).toHaveAttribute('data-code', codes[2]!);
    await expect(notes.first()).toContainText('la plus récente');
    await expect(page.locator('.project-move-latest')).toHaveCount(1);
    await expect(page.getByText('Les codes plus anciens restent valables')).toBeVisible();
    await expectAccessible(page, 'project tools open', { all: true });
    await page.screenshot({ path: test.info().outputPath(`tools-${width}.png`), fullPage: true });

    // a new link: asked first, Cancel focused; cancelled, nothing renewed
    const link = await page.request.post(`/api/slowli/project/${id}/link`);
    const token = ((await link.json()) as { token: string }).token;
    await page.getByRole('button', { name: 'Renouveler le lien' }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText("L'ancien ne fonctionnera plus");
    await expect(ask.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath(`renew-${width}.png`) });
    await page.keyboard.press('Enter');
    await expect(ask).toHaveCount(0);
    expect(
      ((await (await page.request.get(`/api/slowli/project/${id}/link`)).json()) as { token: string }).token,
    ).toBe(token);
    await page.getByRole('button', { name: 'Renouveler le lien' }).click();
    await ask.getByRole('button', { name: 'Renouveler le lien' }).click();
    await expect(page.getByLabel('Lien du projet')).toBeVisible();
    expect(
      ((await (await page.request.get(`/api/slowli/project/${id}/link`)).json()) as { token: string }).token,
    ).not.toBe(token);

    // a code withdrawn: asked first; the latest one withdrawn, the one before becomes the latest
    await notes.first().getByRole('button', { name: 'Retirer ce code' }).click();
    await expect(ask.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await ask.getByRole('button', { name: 'Retirer ce code' }).click();
    await expect(notes.first()).toContainText('retirée');
    await expect(notes.nth(1)).toContainText('la plus récente');
  });
