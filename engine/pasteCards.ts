import { typedNumber } from './fieldValue';
import { applyEdit } from './applyEdit';
import { remapReferences } from './cards';
import { derive, maxCards } from './derive';
import { defaultItem } from './emptyData';
import { getPath, setPath } from './paths';
import type { Bundle, FieldUi, FormState, MessageRef, StepDef } from './types';

/** Reads a message key in one language (the page's, or the other one the bundle is written in). */
export type Words = (key: string) => string;

/**
 * A number as a spreadsheet wrote it, without its grouping: spaces ('1 200,5'), and where both a comma and
 * a dot appear, the first one ('1,200.5' and '1.200,5' are both 1200.5); several commas alone group too
 * ('1,200,000'). What is left is read as typed (a comma or a dot for the decimals).
 */
export function plainNumber(cell: string): string {
  let s = cell.replace(/[\s\u00a0\u202f]/g, '');
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) s = comma < dot ? s.replace(/,/g, '') : s.replace(/\./g, '');
  else if ((s.match(/,/g) ?? []).length > 1) s = s.replace(/,/g, '');
  return s;
}

/** Text as a key to compare choices by: no case, no accents, single spaces. */
const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The rows of a spreadsheet's copied cells: lines, cells split by tabs (what a spreadsheet copies), or by
 * semicolons when a line has no tab (a CSV written by a French spreadsheet). Blank lines are left out.
 */
export function pastedRows(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => (line.includes('\t') ? line.split('\t') : line.split(';')).map((c) => c.trim()));
}

/** The words of a heading or a label: folded, a unit in brackets dropped ('Surface (m²)'), an abbreviation's dot kept. */
const words = (s: string): string[] =>
  fold(s.replace(/\([^)]*\)|\[[^\]]*\]/g, ' '))
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .split(' ')
    .filter((w) => w !== '' && w !== '.');

/** Whether a heading's word stands for a label's word: the same, or its abbreviation ('évac.' for 'évacuations'). */
const standsFor = (h: string, l: string): boolean =>
  h === l || (h.endsWith('.') && h.length > 2 && l.startsWith(h.slice(0, -1)));

/**
 * How well a column's heading names a field by one of its labels: 3 the same words, 2 the label's first
 * words ('Nom' for 'Nom de la toiture', 'Évac. horizontales' for 'Évacuations horizontales'), 1 words
 * of the label ('Area' for 'Retention area'); 0 not at all.
 */
function headingScore(heading: string, label: string): number {
  const h = words(heading);
  const l = words(label);
  if (h.length === 0 || l.length === 0) return 0;
  if (h.length === l.length && h.every((w, i) => standsFor(w, l[i]!))) return 3;
  if (h.length < l.length && h.every((w, i) => standsFor(w, l[i]!))) return 2;
  if (h.every((w) => l.some((x) => standsFor(w, x)))) return 1;
  return 0;
}

/** A step that takes a paste: its definition and the fields a column may fill (repeat.paste.columns, in order). */
function pasteStep(bundle: Bundle, stepKey: string): { def: StepDef; columns: string[] } {
  const def = bundle.steps.find((s) => s.key === stepKey);
  const columns = def?.repeat?.paste?.columns;
  if (!def?.repeat || !columns) throw new Error(`bundle '${bundle.id}': step '${stepKey}' takes no paste`);
  return { def, columns };
}

/**
 * The field each heading names, by the fields' labels in every language given (`texts`) and the fields'
 * own names: the best match per heading, a field taken once (the best heading for it); a heading that
 * names no field, or two equally, names none.
 */
export function fieldsOfHeadings(
  bundle: Bundle,
  stepKey: string,
  headings: string[],
  texts: Words[],
): (string | null)[] {
  const { def, columns } = pasteStep(bundle, stepKey);
  const names = (field: string) => [
    ...texts.map((t) => t(def.ui.fields[field]!['ui:options'].label)),
    field.replace(/[._]/g, ' '),
  ];
  const scores = headings.map((h) =>
    columns.map((f) => Math.max(...names(f).map((n) => headingScore(h, n)))),
  );
  const out: (string | null)[] = headings.map(() => null);
  const taken = new Set<string>();
  // strongest matches first, so that 'Type de toiture' wins the type over a bare 'Type' elsewhere
  const pairs = scores
    .flatMap((row, i) => row.map((s, j) => ({ i, j, s })))
    .filter((p) => p.s > 0)
    .sort((a, b) => b.s - a.s);
  for (const { i, j, s } of pairs) {
    if (out[i] !== null || taken.has(columns[j]!)) continue;
    // a heading naming two free fields as well: left for the user to say
    const tie = scores[i]!.some((x, k) => k !== j && x === s && !taken.has(columns[k]!));
    if (tie) continue;
    out[i] = columns[j]!;
    taken.add(columns[j]!);
  }
  return out;
}

/** What the user said about the pasted text: whether its first row names the columns, and each column's field. */
export interface PasteChoice {
  header?: boolean;
  /** per column, the field it fills, or null to leave it out */
  fields?: (string | null)[];
}

/** A cell that does not fit its field, said as the field would say it once added. */
export interface PasteProblem {
  row: number;
  column: number;
  message: MessageRef;
  severity: 1 | 2;
}

/** Where a paste put its cards: what Undo takes away (and whether a blank first card gave way). */
export interface PasteReceipt {
  stepKey: string;
  at: number;
  count: number;
  replaced: boolean;
}

/** A paste before it is added: the rows, the fields of the columns, the cells that do not fit, the outcome. */
export interface PastePlan {
  /** the first row names the columns (as detected, or as the user said) */
  header: boolean;
  /** the first row's cells when it names the columns */
  headings: string[] | null;
  /** the rows to add, each padded to the columns' count */
  rows: string[][];
  /** per column: the field it fills, or null (left out) */
  fields: (string | null)[];
  /** the fields a column may fill, with their label keys */
  targets: { field: string; label: string }[];
  problems: PasteProblem[];
  /**
   * the label keys of the fields no column fills that an added card still asks for (required, or needed by
   * a rule: a green roof's drainage layer), in the card's order: what to fill on the cards afterwards
   */
  toFill: string[];
  /** rows added (those within the step's maximum) and left out */
  added: number;
  skipped: number;
  /** the form with the rows added, as Add gives it */
  state: FormState;
  receipt: PasteReceipt;
}

/** The option a cell names: by its value, or by its label in any of the languages, without case or accents. */
function optionOf(ui: FieldUi, cell: string, texts: Words[]) {
  const options = ui['ui:options'].options ?? [];
  const c = fold(cell);
  return options.find((o) => fold(String(o.value)) === c || texts.some((t) => fold(t(o.label)) === c));
}

/** A select's choices as its reader reads them, in their order: "Extensive, Modular, Intensive". */
function choicesText(ui: FieldUi, texts: Words[]): string {
  const own = texts[0] ?? ((k: string) => k);
  return (ui['ui:options'].options ?? []).map((o) => own(o.label)).join(', ');
}

/**
 * A paste read and tried: the rows of the text; the first row taken as headings when it names a field by
 * one of its labels (French or English: `texts`), or when its cells are not numbers where numbers are
 * expected; each column's field from its heading, else the order the bundle declares (repeat.paste.columns),
 * or as the user chose (`choice`); then the rows added to a copy of the form as if typed (numbers with a
 * comma or a dot, spaces between thousands dropped; a choice by its value or its label; the card's rules
 * applied), and each cell that the field then refuses, or a choice no option names, listed as a problem.
 * A lone card the list began with gives way when nobody filled it. Rows beyond the step's maximum are counted, not added.
 */
export function planPaste(
  bundle: Bundle,
  state: FormState,
  stepKey: string,
  text: string,
  texts: Words[],
  choice: PasteChoice = {},
  lang = '',
): PastePlan {
  const { def, columns } = pasteStep(bundle, stepKey);
  const all = pastedRows(text);
  const width = Math.max(0, ...all.map((r) => r.length));
  const ui = (f: string) => def.ui.fields[f]!;
  // a number as the page's reader writes it ('1,550' in English: 1550; typedNumber)
  const number = (cell: string) => plainNumber(typedNumber(cell, lang));
  const numeric = (cell: string) => /^[-+]?(\d+[.,]?\d*|[.,]\d+)$/.test(number(cell));
  const notNumbers = (row: string[]) =>
    columns.some(
      (f, i) => ui(f)['ui:widget'] === 'number' && row[i] !== undefined && row[i] !== '' && !numeric(row[i]),
    );
  const first = all[0] ?? [];
  const named = fieldsOfHeadings(bundle, stepKey, first, texts);
  const header =
    choice.header ??
    (all.length > 1 && (named.some((f) => f !== null) || (notNumbers(first) && !notNumbers(all[1]!))));
  const headings = header ? first : null;
  const byOrder = Array.from({ length: width }, (_, i) => columns[i] ?? null);
  const found = header && named.some((f) => f !== null) ? named : byOrder;
  const fields =
    choice.fields && choice.fields.length === width
      ? choice.fields
      : Array.from({ length: width }, (_, i) => found[i] ?? null);
  const rows = (header ? all.slice(1) : all).map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));

  const list = () => (getPath(state.data, def.path) as unknown[] | undefined) ?? [];
  // a card nobody filled: each pasted column still holds its default (drains 0, or nothing)
  const fresh = defaultItem(bundle, def.path);
  const blank = (item: unknown) =>
    columns.every((c) => {
      const v = getPath(item, c);
      return v === null || v === undefined || v === '' || v === getPath(fresh, c);
    });
  const replaced = list().length === 1 && blank(list()[0]) && rows.length > 0;
  const kept = replaced ? [] : list();
  const room = Math.max(0, maxCards(def.repeat!) - kept.length);
  const taken = rows.slice(0, room);
  const targets = columns.map((f) => ({ field: f, label: ui(f)['ui:options'].label }));
  const receipt: PasteReceipt = { stepKey, at: kept.length, count: taken.length, replaced };
  const plan = { header, headings, rows: taken, fields, targets, receipt };
  if (taken.length === 0)
    return {
      ...plan,
      problems: [],
      toFill: [],
      added: 0,
      skipped: rows.length,
      state,
      receipt: { ...receipt, replaced: false },
    };

  // the new cards at once (one derivation), then each cell as if typed into its card
  const data = setPath(state.data, def.path, [...kept, ...taken.map(() => defaultItem(bundle, def.path))]);
  let tried = derive(bundle, data, { unitSystem: state.unitSystem });
  const unknown: PasteProblem[] = [];
  taken.forEach((row, n) => {
    const at = `${def.path}.${kept.length + n}`;
    fields.forEach((field, i) => {
      const cell = row[i] ?? '';
      if (field === null || cell === '') return;
      const kind = ui(field)['ui:widget'];
      let value: unknown = cell;
      if (kind === 'number') value = number(cell);
      else if (kind === 'select') {
        const hit = optionOf(ui(field), cell, texts);
        if (!hit) {
          unknown.push({
            row: n,
            column: i,
            severity: 2,
            // the choices named in the reader's language (the first of `texts`), to pick from without
            // opening a card: "Toundra" is not a system of smca, whose four are named
            message: {
              key: 'common.paste_unknown_choice',
              params: { value: cell, choices: choicesText(ui(field), texts) },
            },
          });
          return; // left to choose: the field says so
        }
        value = hit.value;
      }
      tried = applyEdit(bundle, tried, { path: `${at}.${field}`, value });
    });
  });
  // what each mapped field says of its cell once added (out of bounds, required and empty...)
  const step = tried.steps.find((s) => s.key === stepKey)!;
  const problems: PasteProblem[] = [];
  taken.forEach((_, n) => {
    const card = step.cards[kept.length + n];
    fields.forEach((field, i) => {
      if (field === null) return;
      const said = unknown.find((u) => u.row === n && u.column === i);
      const f = card?.fields.find((x) => x.field === field);
      if (said) problems.push(said);
      else if (f && f.visible && f.severity > 0 && f.message)
        problems.push({ row: n, column: i, severity: f.severity === 2 ? 2 : 1, message: f.message });
    });
  });
  const mapped = new Set(fields);
  const added = step.cards.slice(kept.length, kept.length + taken.length);
  const toFill = (added[0]?.fields ?? [])
    .filter(
      (f) =>
        !mapped.has(f.field) &&
        added.some((card) =>
          card.fields.some((x) => x.field === f.field && x.visible && x.severity > 0 && x.message),
        ),
    )
    .map((f) => f.label);
  return {
    ...plan,
    problems,
    toFill,
    added: taken.length,
    skipped: rows.length - taken.length,
    state: tried,
  };
}

/** A paste as the renderers see it: what it would add (nothing added yet). */
export type PastePreview = Omit<PastePlan, 'state'>;

/** What a paste did: the new state, the cards added, the rows left out (beyond the step's maximum), and how to undo it. */
export interface Pasted {
  state: FormState;
  added: number;
  skipped: number;
  receipt: PasteReceipt;
}

/**
 * Adds one card per pasted row to a repeating step that declares `repeat.paste` (planPaste: the columns by
 * their headings or in the declared order, or as `choice` says), as if typed, the card rules applied.
 */
export function pasteCards(
  bundle: Bundle,
  state: FormState,
  stepKey: string,
  text: string,
  texts: Words | Words[],
  choice: PasteChoice = {},
  lang = '',
): Pasted {
  const plan = planPaste(bundle, state, stepKey, text, Array.isArray(texts) ? texts : [texts], choice, lang);
  return { state: plan.state, added: plan.added, skipped: plan.skipped, receipt: plan.receipt };
}

/**
 * Undoes a paste: the cards it added are taken away (those still at their place), and the blank card that
 * gave way comes back when the list would be empty; references to them (spills) fall back as on a delete.
 */
export function unpaste(bundle: Bundle, state: FormState, receipt: PasteReceipt): FormState {
  const { def } = pasteStep(bundle, receipt.stepKey);
  const items = (getPath(state.data, def.path) as unknown[] | undefined) ?? [];
  if (receipt.count === 0 || items.length < receipt.at + receipt.count) return state;
  const end = receipt.at + receipt.count;
  let left = items.filter((_, i) => i < receipt.at || i >= end);
  if (left.length === 0 && (receipt.replaced || def.repeat!.min > 0)) left = [defaultItem(bundle, def.path)];
  let data = setPath(state.data, def.path, left);
  data = remapReferences(bundle, data, def.path, (i) =>
    i < receipt.at ? i : i >= end ? i - receipt.count : undefined,
  );
  return derive(bundle, data, { unitSystem: state.unitSystem });
}
