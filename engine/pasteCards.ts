import { applyEdit } from './applyEdit';
import { derive, maxCards } from './derive';
import { defaultItem } from './emptyData';
import { getPath, setPath } from './paths';
import type { Bundle, FormState, StepDef } from './types';

/** What a paste did: the new state, the cards added, and the rows left out (beyond the step's maximum). */
export interface Pasted {
  state: FormState;
  added: number;
  skipped: number;
}

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

/**
 * Adds one card per pasted row to a repeating step that declares `repeat.paste`: each row's cells go, in
 * the declared column order, into the card's fields as if typed (numbers with a comma or a dot, spaces
 * between thousands dropped; a choice matched by its value or by its label as `optionText` translates it,
 * without case or accents). A first row that names the columns (its numbers are not numbers) is left out,
 * and a lone card the list began with gives way when nobody filled it. Rows beyond the step's maximum are counted, not added.
 */
export function pasteCards(
  bundle: Bundle,
  state: FormState,
  stepKey: string,
  text: string,
  optionText: (label: string) => string,
): Pasted {
  const def: StepDef | undefined = bundle.steps.find((s) => s.key === stepKey);
  const columns = def?.repeat?.paste?.columns;
  if (!def?.repeat || !columns) throw new Error(`bundle '${bundle.id}': step '${stepKey}' takes no paste`);
  const kinds = columns.map((c) => def.ui.fields[c]!);
  let rows = pastedRows(text);
  const numeric = (cell: string) => /^[-+]?(\d+[.,]?\d*|[.,]\d+)$/.test(plainNumber(cell));
  const isHeader = (row: string[]) =>
    kinds.some(
      (k, i) => k['ui:widget'] === 'number' && row[i] !== undefined && row[i] !== '' && !numeric(row[i]),
    );
  if (rows.length > 1 && isHeader(rows[0]!) && !isHeader(rows[1]!)) rows = rows.slice(1);

  const list = () => (getPath(state.data, def.path) as unknown[] | undefined) ?? [];
  // a card nobody filled: each pasted column still holds its default (drains 0, or nothing)
  const fresh = defaultItem(bundle, def.path);
  const blank = (item: unknown) =>
    columns.every((c) => {
      const v = getPath(item, c);
      return v === null || v === undefined || v === '' || v === getPath(fresh, c);
    });
  const replaceFirst = list().length === 1 && blank(list()[0]);
  const kept = replaceFirst ? [] : list();
  const room = maxCards(def.repeat) - kept.length;
  const taken = rows.slice(0, Math.max(0, room));
  if (taken.length === 0) return { state, added: 0, skipped: rows.length };
  // the new cards at once (one derivation), then each cell as if typed into its card
  const data = setPath(state.data, def.path, [...kept, ...taken.map(() => defaultItem(bundle, def.path))]);
  state = derive(bundle, data, { unitSystem: state.unitSystem });
  taken.forEach((row, n) => {
    const at = `${def.path}.${kept.length + n}`;
    columns.forEach((field, i) => {
      const cell = row[i] ?? '';
      if (cell === '') return;
      const ui = kinds[i]!;
      let value: unknown = cell;
      if (ui['ui:widget'] === 'number') value = plainNumber(cell);
      else if (ui['ui:widget'] === 'select') {
        const options = ui['ui:options'].options ?? [];
        const hit = options.find(
          (o) => fold(String(o.value)) === fold(cell) || fold(optionText(o.label)) === fold(cell),
        );
        if (!hit) return; // left to choose: the field says so
        value = hit.value;
      }
      state = applyEdit(bundle, state, { path: `${at}.${field}`, value });
    });
  });
  return { state, added: taken.length, skipped: rows.length - taken.length };
}
