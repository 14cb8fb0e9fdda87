import ExcelJS from 'exceljs';
import { truthy, type Bundle, type WorkbookCell } from '../../engine';
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

function table(ws: ExcelJS.Worksheet, headers: unknown[], rows: unknown[][]): void {
  const head = ws.addRow(headers.map(v));
  head.font = { bold: true };
  for (const r of rows) ws.addRow(r.map(v));
  ws.columns.forEach((c) => {
    c.width = 22;
  });
}

/** A cell of a workflow's sheet in words: its label, or its value written as its format says. */
function cellOf(cell: WorkbookCell, data: object, words: WorkflowWords): unknown {
  if (cell.label) return words.t(cell.label);
  const value = judge(cell.value ?? null, data);
  const format = cell.format;
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

/** The verdict of the results in words: its status, each finding and the rule it was judged by. */
function verdictRows(data: WorkflowData, words: WorkflowWords): { head: unknown[]; rows: unknown[][] } {
  const { t } = words;
  const verdict = data.results?.verdict as {
    status: string;
    rule: string;
    findings: { severity: string; message: string; params: Record<string, unknown> }[];
  };
  return {
    head: [t('app.verdict.title'), t(`app.verdict.${verdict.status}`)],
    rows: [
      ...verdict.findings.map((f) => [
        t(f.severity === 'not_conform' ? 'app.verdict.blocking' : 'app.verdict.reservation'),
        t(f.message, f.params),
      ]),
      [t(verdict.rule)],
    ],
  };
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
  for (const sheet of bundle.workflow?.workbook?.sheets ?? []) {
    if (!holds(sheet.when, data)) continue;
    // Excel allows 31 characters in a sheet's name
    const ws = wb.addWorksheet(words.t(sheet.title).slice(0, 31));
    if (sheet.kind === 'verdict') {
      const { head, rows } = verdictRows(data, words);
      table(ws, head, rows);
      continue;
    }
    const each = sheet.each === undefined ? [] : judge(sheet.each, data);
    const items = Array.isArray(each) ? (each as unknown[]) : [];
    table(
      ws,
      (sheet.columns ?? []).map((k) => words.t(k)),
      [
        ...items.map((item) => (sheet.cells ?? []).map((c) => cellOf(c, { ...data, item }, words))),
        ...(sheet.rows ?? [])
          .filter((r) => holds(r.when, data))
          .map((r) => r.cells.map((c) => cellOf(c, data, words))),
      ],
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
