import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  derive,
  emptyData,
  fieldsOfHeadings,
  pasteCards,
  pastedRows,
  planPaste,
  unpaste,
} from '../../engine';
import { plainNumber } from '../../engine/pasteCards';
import { bundleOf, validProject } from './helpers';

const sm = bundleOf('sm');
const fr = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../schemas/sm/messages.fr.json'), 'utf8'),
) as Record<string, Record<string, Record<string, string>>>;
/** The French label of a choice (what a user's spreadsheet says). */
const label = (key: string): string =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], fr) as string;
const roofs = (s: { data: Record<string, unknown> }) =>
  s.data.roofs as { name: unknown; surface: unknown; system: unknown; substrate: { thickness: unknown } }[];

describe('pastedRows', () => {
  it('reads tab-separated rows as a spreadsheet copies them, or semicolons, and drops blank lines', () => {
    expect(pastedRows('A\t1 200,5\tToundra\r\n\nB\t80\tGreen\n')).toEqual([
      ['A', '1 200,5', 'Toundra'],
      ['B', '80', 'Green'],
    ]);
    expect(pastedRows('A;12;LANDE')).toEqual([['A', '12', 'LANDE']]);
  });
});

describe('plainNumber', () => {
  it('drops the grouping a spreadsheet writes, in French and in English', () => {
    expect(['1 200,5', '1,200.5', '1.200,5', '1,200,000', '12,5', '12.5', '80'].map(plainNumber)).toEqual([
      '1200,5',
      '1200.5',
      '1200,5',
      '1200000',
      '12,5',
      '12.5',
      '80',
    ]);
  });
});

describe('pasteCards', () => {
  it('adds a roof per row into a new project, its choice found by its French label, a header row left out', () => {
    const start = derive(sm, emptyData(sm));
    const toundra = label('sm.systems.toundra');
    const text = `Nom\tSurface\tSystème\nBâtiment A\t1 200,5\t${toundra.toUpperCase()}\nBâtiment B\t80\tGREEN\n`;
    const r = pasteCards(sm, start, 'Toiture', text, label);
    expect(r).toMatchObject({ added: 2, skipped: 0 });
    // the empty card the project began with gave way to the pasted ones
    expect(roofs(r.state).map((x) => [x.name, x.surface, x.system])).toEqual([
      ['Bâtiment A', 1200.5, 'TOUNDRA'],
      ['Bâtiment B', 80, 'GREEN'],
    ]);
    // the choice applied its rules as if chosen by hand (the system's substrate preset)
    expect(roofs(r.state)[0]!.substrate.thickness).not.toBeNull();
  });

  it("reads '1,550' as the page's reader writes it: 1550 in English, 1.55 in French", () => {
    const start = derive(sm, emptyData(sm));
    const text = 'A\t1,550\tGREEN\nB\t12,500.5\tGREEN\n';
    const english = pasteCards(sm, start, 'Toiture', text, label, {}, 'en');
    expect(roofs(english.state).map((x) => x.surface)).toEqual([1550, 12500.5]);
    const french = pasteCards(sm, start, 'Toiture', text, label, {}, 'fr');
    expect(roofs(french.state).map((x) => x.surface)).toEqual([1.55, 12500.5]);
  });

  it('appends to roofs already there, leaves an unknown choice to be made, and stops at the maximum', () => {
    const start = derive(sm, validProject('sm'));
    const before = roofs(start).length;
    const r = pasteCards(sm, start, 'Toiture', 'C\t50\tNo such system', label);
    expect(r.added).toBe(1);
    expect(roofs(r.state)).toHaveLength(before + 1);
    const card = r.state.steps[2]!.cards[before]!;
    expect(card.fields.find((f) => f.field === 'system')).toMatchObject({ value: null, severity: 2 });
    const many = Array.from({ length: 250 }, (_, i) => `R${i}\t10\tGREEN`).join('\n');
    const full = pasteCards(sm, start, 'Toiture', many, label);
    expect(roofs(full.state)).toHaveLength(200);
    expect(full).toMatchObject({ added: 200 - before, skipped: 250 - (200 - before) });
  });
});

const en = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../schemas/sm/messages.en.json'), 'utf8'),
) as Record<string, unknown>;
const enLabel = (key: string): string =>
  (key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en) as string) ??
  key;

describe('planPaste (issue 37 item 3)', () => {
  it('recognises headings in another order, in English or French, abbreviated or with a unit', () => {
    expect(
      fieldsOfHeadings(sm, 'Toiture', ['SYSTEME', 'Nom', 'Surface (m²)', 'Notes'], [label, enLabel]),
    ).toEqual(['system', 'name', 'surface', null]);
    expect(fieldsOfHeadings(sm, 'Toiture', ['Area', 'Roof name', 'System'], [label, enLabel])).toEqual([
      'surface',
      'name',
      'system',
    ]);
  });

  it('maps a header in another order, flags the cells that do not fit, and drops a column', () => {
    const start = derive(sm, emptyData(sm));
    const text = 'Système\tSurface\tNom\tCommentaire\nToundra\t120\tA\tnord\nTTV\t-5\tB\tsud\n';
    const plan = planPaste(sm, start, 'Toiture', text, [label, enLabel]);
    expect(plan.header).toBe(true);
    expect(plan.fields).toEqual(['system', 'surface', 'name', null]);
    expect(roofs(plan.state).map((x) => [x.name, x.surface, x.system])).toEqual([
      ['A', 120, 'TOUNDRA'],
      ['B', -5, null],
    ]);
    // row 2: the unknown choice and the surface out of bounds, said before anything is added
    expect(plan.problems.map((p) => [p.row, p.column, p.message.key])).toEqual([
      [1, 0, 'common.paste_unknown_choice'],
      [1, 1, expect.stringMatching(/./)],
    ]);
    // the choices named, in the reader's language, to pick from without opening a card
    expect(plan.problems[0]!.message.params).toEqual({
      value: 'TTV',
      choices: 'Autoprotégé, Gravillons, Toundra, Toundra Flore, Garrigue, Pampa, Green, Lande, Fresh',
    });
    // the user drops the surface column: no surface is added
    const dropped = planPaste(sm, start, 'Toiture', text, [label], {
      fields: ['system', null, 'name', null],
    });
    expect(roofs(dropped.state).map((x) => x.surface)).toEqual([null, null]);
  });

  it('undoes a paste: the cards added go, the blank card that gave way comes back', () => {
    const start = derive(sm, emptyData(sm));
    const r = pasteCards(sm, start, 'Toiture', 'A\t10\tGREEN\nB\t20\tLANDE', label);
    expect(roofs(r.state)).toHaveLength(2);
    const back = unpaste(sm, r.state, r.receipt);
    expect(roofs(back)).toHaveLength(1);
    expect(roofs(back)[0]!.name ?? null).toBeNull();
    const full = derive(sm, validProject('sm'));
    const more = pasteCards(sm, full, 'Toiture', 'C\t10\tGREEN', label);
    expect(roofs(unpaste(sm, more.state, more.receipt))).toEqual(roofs(full));
  });
});

describe("smca's roofs pasted with their build-up (a usability review, ux2, 2026-11-29)", () => {
  // with only the name, area and system pasted, 22 roofs left 44 choices and 11 thicknesses to make card
  // by card, over 8 pages of the carousel; the columns headed with the cards' own labels were left out
  const smca = bundleOf('smca');
  const words = (file: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../../schemas/${file}`), 'utf8')) as Record<
      string,
      unknown
    >;
  const [ca, common] = [words('smca/messages.en.json'), words('common/messages.en.json')];
  const at = (o: Record<string, unknown>, key: string) =>
    key.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown> | undefined)?.[k], o);
  const english = (key: string): string => (at(ca, key) ?? at(common, key) ?? key) as string;

  it('reads the roof type, growing medium, its thickness and the drain from their English headings', () => {
    const start = derive(smca, emptyData(smca));
    const text =
      'Roof name\tRoof type\tArea (m²)\tSystem\tGrowing medium\tGrowing medium thickness (mm)\tDrain\n' +
      'Tower A\tConventional\t800\tExtensive\tSFX\t100\tSopradrain 10G\n' +
      'Tower B\tInverted\t900\tExtensive\tSFI\t150\tSopradrain 18G\n';
    const plan = planPaste(smca, start, 'Toiture', text, [english], {}, 'en');
    expect(plan.fields).toEqual([
      'name',
      'type',
      'surface',
      'system',
      'substrate.type',
      'substrate.thickness',
      'drain',
    ]);
    expect(plan.problems).toEqual([]);
    const cards = plan.state.steps.find((s) => s.key === 'Toiture')!.cards;
    const value = (i: number, path: string) =>
      cards[i]!.fields.find((f) => f.path === `roofs.${i}.${path}`)?.value;
    expect(['type', 'substrate.type', 'substrate.thickness', 'drain'].map((p) => value(1, p))).toEqual([
      'inverted',
      'SFI',
      150,
      'SOPRADRAIN_18G',
    ]);
  });
});

describe("sm's roofs pasted with their build-up, as smca's", () => {
  it('reads the substrate, its thickness, the drain and its thickness from their French headings', () => {
    const start = derive(sm, emptyData(sm));
    const text =
      `${label('sm.roof.name')}\t${label('sm.roof.surface')}\t${label('sm.roof.system')}\t` +
      `${label('sm.roof.substrate')}\t${label('sm.roof.substrate_thickness')} (cm)\t${label('sm.roof.drain')}\t` +
      `${label('sm.roof.drain_thickness')} (cm)\n` +
      `Bâtiment A\t800\tToundra\t${label('sm.substrates.sfx')}\t12\t${label('sm.drains.retentio')}\t6\n` +
      `Bâtiment B\t450\tGreen\t${label('sm.substrates.sfi')}\t15\t${label('sm.drains.sopralithe')}\t8\n`;
    const plan = planPaste(sm, start, 'Toiture', text, [label], {}, 'fr');
    expect(plan.fields).toEqual([
      'name',
      'surface',
      'system',
      'substrate.type',
      'substrate.thickness',
      'drain.type',
      'drain.thickness',
    ]);
    expect(plan.problems).toEqual([]);
    const cards = plan.state.steps.find((s) => s.key === 'Toiture')!.cards;
    const value = (i: number, path: string) =>
      cards[i]!.fields.find((f) => f.path === `roofs.${i}.${path}`)?.value;
    expect(
      ['substrate.type', 'substrate.thickness', 'drain.type', 'drain.thickness'].map((p) => value(1, p)),
    ).toEqual(['SFI', 15, 'SOPRALITHE', 8]);
  });
});

describe('a paste that leaves out what the cards still need (ux6)', () => {
  it("names a green roof's drainage layer, which no column gives, beside cells that all fit", () => {
    const start = derive(sm, emptyData(sm));
    const text =
      `${label('sm.roof.name')}\t${label('sm.roof.surface')}\t${label('sm.roof.system')}\n` +
      'Bâtiment A\t800\tToundra\nBâtiment B\t450\tToundra\n';
    const plan = planPaste(sm, start, 'Toiture', text, [label], {}, 'fr');
    expect(plan.problems).toEqual([]);
    expect(plan.toFill).toContain('sm.roof.drain');
    // given by a column, it is no longer asked for
    const full = planPaste(
      sm,
      start,
      'Toiture',
      `${label('sm.roof.name')}\t${label('sm.roof.surface')}\t${label('sm.roof.system')}\t${label('sm.roof.drain')}\n` +
        `Bâtiment A\t800\tToundra\t${label('sm.drains.retentio')}\n`,
      [label],
      {},
      'fr',
    );
    expect(full.toFill).not.toContain('sm.roof.drain');
  });
});

describe("sm's paste help for the drainage layer's thickness (ux8)", () => {
  it('says true: a blank thickness takes the product’s, except Drain 10, which has none and is asked for', () => {
    const start = derive(sm, emptyData(sm));
    const hint = label('sm.roof.paste_hint');
    const drains = ['retentio', 'sopralithe', 'sopradrain_duo_25', 'sopradrain_duo_40', 'drain_10'];
    const plan = planPaste(
      sm,
      start,
      'Toiture',
      drains.map((d, i) => `Bâtiment ${i + 1}\t800\tToundra\t\t\t${label(`sm.drains.${d}`)}\t`).join('\n'),
      [label],
      {},
      'fr',
    );
    const thickness = (plan.state.data.roofs as { drain: { thickness: unknown } }[]).map(
      (r) => r.drain.thickness,
    );
    expect(thickness).toEqual([5, 4, 2.5, 4, null]);
    // the help promises the product's thickness for the first four, and asks Drain 10's
    expect(hint).toContain('Retentio, Sopralithe, Sopradrain Duo');
    expect(hint).toMatch(/le Drain 10 n'en a pas\u00a0: donnez son épaisseur/);
    // and the preview flags Drain 10's blank thickness, and only it, before anything is added
    expect(plan.problems).toEqual([{ row: 4, column: 6, severity: 2, message: { key: 'errors.required' } }]);
  });
});
