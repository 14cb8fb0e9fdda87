import ExcelJS from 'exceljs';
import { fromServer, truthy, type Bundle, type ServerProject, type WorkbookCell } from '../../engine';
import { figureWriter, type FigureWriter } from '../../words/figures';
import { verdictTexts } from '../../words/verdicts';
import type { ProjectTable } from '../db/database';
import { holds, judge, type WorkflowData, type WorkflowWords } from '../workflow/data';

/**
 * Text a spreadsheet could take for a formula (=, +, -, @, tab, carriage return first) is written with a
 * leading apostrophe, so that opening the export never runs what a visitor typed in a form.
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^[-+]?\d+([.,]\d+)?$/.test(text) ? `'${text}` : text;
}

const v = (x: unknown): string | number | boolean | null =>
  x === undefined || x === null
    ? null
    : typeof x === 'object'
      ? safeText(JSON.stringify(x))
      : typeof x === 'string'
        ? safeText(x)
        : (x as number | boolean);

/** A number as a figure format writes it: the value as written, and the number format showing it. */
interface Figure {
  figure: number | null;
  numFmt: string;
}
const isFigure = (x: unknown): x is Figure => typeof x === 'object' && x !== null && 'numFmt' in x;

function table(ws: ExcelJS.Worksheet, headers: unknown[], rows: unknown[][]): void {
  const head = ws.addRow(headers.map(v));
  head.font = { bold: true };
  for (const r of rows) {
    const row = ws.addRow(r.map((x) => (isFigure(x) ? x.figure : v(x))));
    r.forEach((x, i) => {
      if (isFigure(x)) row.getCell(i + 1).numFmt = x.numFmt;
    });
  }
  ws.columns.forEach((c) => {
    c.width = 22;
  });
}

/** A cell of a workflow's sheet in words: its label, or its value written as its format says. */
function cellOf(cell: WorkbookCell, data: object, words: WorkflowWords, w: FigureWriter): unknown {
  if (cell.label) return words.t(cell.label);
  const value = judge(cell.value ?? null, data);
  const format = cell.format;
  if (format && typeof format === 'object' && 'figure' in format)
    return { figure: w.value(format.figure, value), numFmt: w.numFmt(format.figure) } satisfies Figure;
  if (format && typeof format === 'object' && 'yes' in format)
    return words.t(truthy(value) ? format.yes : format.no);
  if (value === null || value === undefined || value === '') return cell.value === undefined ? null : value;
  if (format === 'option') return words.option(String(value)) ?? String(value);
  if (format === 'state') {
    const project = (data as WorkflowData).project;
    return words.t(`app.states.${String(value)}`, { command: project.command ?? '' });
  }
  if (format && typeof format === 'object') {
    // a value without words in the messages is left blank rather than shown as its code
    const key = `${format.message}${String(value)}`;
    return words.exists(key) ? words.t(key) : null;
  }
  return value;
}

/**
 * The verdicts of the results as the bundle declares them (figures.verdicts), in words: each one's
 * status, its sentences, each finding, the rule it was judged by, and the figures no sentence quotes.
 */
function verdictRows(
  bundle: Bundle,
  data: WorkflowData,
  words: WorkflowWords,
  w: FigureWriter,
): { head: unknown[]; rows: unknown[][] } {
  const verdicts = verdictTexts(bundle.figures.verdicts, data.results, w, words.t).filter((x) => x.status);
  const rows = verdicts.flatMap((x, i) => [
    ...(i > 0 ? [[x.label, x.words]] : []),
    ...[x.line, ...x.notes].filter(Boolean).map((l) => [l]),
    ...x.findings.map((f) => [f.prefix, f.message]),
    ...(x.rule ? [[x.rule]] : []),
    ...x.listed.map((f) => [f.label, f.text]),
  ]);
  return { head: verdicts[0] ? [verdicts[0].label, verdicts[0].words] : [], rows };
}

/**
 * The Excel file of a project as its bundle's workflow declares it (export_excel): each sheet's heading
 * row, a row per entry of its list and the rows after it, every heading and every coded value (state,
 * option, yes/no, a coded type) in words from the messages; a sheet whose `when` is false is left out.
 */
export async function projectWorkbook(
  bundle: Bundle,
  row: ProjectTable,
  data: WorkflowData,
  words: WorkflowWords,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Roof rainwater calculators';
  wb.created = new Date(row.created_at);
  // figures written as the note writes them, in the project's unit system and the workbook's language
  const { data: model } = fromServer(bundle, { id: row.id, steps: JSON.parse(row.content) } as ServerProject);
  const system = model.unit_system === 'IMPERIAL' ? 'IMPERIAL' : 'METRIC';
  const w = figureWriter(bundle.figures.formats, system, words.t, words.lang);
  for (const sheet of bundle.workflow?.workbook?.sheets ?? []) {
    if (!holds(sheet.when, data)) continue;
    // Excel allows 31 characters in a sheet's name
    const ws = wb.addWorksheet(words.t(sheet.title).slice(0, 31));
    if (sheet.kind === 'verdict') {
      const { head, rows } = verdictRows(bundle, data, words, w);
      table(ws, head, rows);
      continue;
    }
    const each = sheet.each === undefined ? [] : judge(sheet.each, data);
    const items = Array.isArray(each) ? (each as unknown[]) : [];
    table(
      ws,
      (sheet.columns ?? []).map((k) => words.t(k)),
      [
        ...items.map((item) => (sheet.cells ?? []).map((c) => cellOf(c, { ...data, item }, words, w))),
        ...(sheet.rows ?? [])
          .filter((r) => holds(r.when, data))
          .map((r) => r.cells.map((c) => cellOf(c, data, words, w))),
      ],
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
