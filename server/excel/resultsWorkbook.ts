import ExcelJS from 'exceljs';
import type { FiguresDef, UnitSystem } from '../../engine';
import type { Translator } from '../../words/i18n';
import { figureWriter, type FigureWriter } from '../../words/figures';
import {
  imposedVolumeText,
  rainLabels,
  roofVerdict,
  siteSumText,
  siteVerdict,
  summaryHead,
  summaryRows,
  upstreamText,
  verdictRules,
} from '../../words/resultsText';
import { verdictTexts } from '../../words/verdicts';
import { monthNames } from '../../words/dates';
import type { AbattementResults } from '../../words/results';
import { safeText } from './projectWorkbook';

/**
 * The results of an abattement project as a workbook, in the reader's language and the project's units:
 * a summary sheet (the declared verdicts, the site's and each roof's sentences and their rules, the
 * imposed volume's, then a row per roof, the grounds, the snow left and the site: annual retention, on
 * the roof, target met, volumes per year, the water received from other surfaces) and a monthly sheet (a
 * row per roof and month, the rain in the project's units). Figures are numbers, so that they can be
 * summed and charted, each the value the note writes (its bundle's format: its decimals, and a number
 * format that shows them); the units are in the headers.
 */
export async function resultsWorkbook(
  r: AbattementResults,
  i18n: Translator,
  system: UnitSystem,
  figures: FiguresDef,
  meta: { project: string; created: Date },
): Promise<Buffer> {
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  const w = figureWriter(figures.formats, system, t, i18n.language);
  /** a cell's value as the note writes it, and the number format that shows its decimals */
  const cell = (format: string, v: unknown): FigureCell => ({
    value: w.value(format, v),
    numFmt: w.numFmt(format),
  });
  const sheet = { r, t, w, cell };
  const wb = new ExcelJS.Workbook();
  wb.created = meta.created;
  const summary = wb.addWorksheet(t('app.results_view.summary'));
  summary.addRow([safeText(meta.project)]).font = { bold: true, size: 13 };
  addSentences(summary, sheet, figures);
  summary.addRow([]);
  addSummaryTable(summary, sheet);
  addMonthlySheet(wb.addWorksheet(t('app.results_view.monthly')), sheet);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A figure's cell: its value as the note writes it, and the number format that shows its decimals. */
type FigureCell = { value: number | null; numFmt: string };

/** What every sheet is written from: the results, the reader's words, the project's units. */
interface SheetInput {
  r: AbattementResults;
  t: (k: string, p?: Record<string, unknown>) => string;
  w: FigureWriter;
  cell: (format: string, v: unknown) => FigureCell;
}

/** A row of `lead` texts then `cells`, each figure with its number format. */
function addFigureRow(sheet: ExcelJS.Worksheet, lead: unknown[], cells: FigureCell[]): ExcelJS.Row {
  const row = sheet.addRow([...lead, ...cells.map((c) => c.value)]);
  cells.forEach((c, i) => (row.getCell(lead.length + i + 1).numFmt = c.numFmt));
  return row;
}

/** The declared verdicts, the site's and each roof's sentences and their rules, the imposed volume's. */
function addSentences(summary: ExcelJS.Worksheet, { r, t, w }: SheetInput, figures: FiguresDef): void {
  for (const v of verdictTexts(figures.verdicts, r, w, t))
    if (v.status)
      for (const x of [t('app.figures.pair', { label: v.label, value: v.words }), v.line, ...v.notes])
        if (x) summary.addRow([safeText(x)]);
  summary.addRow([siteVerdict(r, w, t)]);
  for (const x of imposedVolumeText(r, w, t)) summary.addRow([x]);
  for (const x of r.toitureResults) {
    summary.addRow([safeText(roofVerdict(x, r.target_mm, w, t))]);
    if (x.upstream) summary.addRow([safeText(upstreamText(x, w, t))]);
  }
  for (const x of verdictRules(r, w, t)) summary.addRow([x]);
}

/** A row per roof, the grounds, the snow left and the site, then the site's sum in words. */
function addSummaryTable(summary: ExcelJS.Worksheet, { r, t, w, cell }: SheetInput): void {
  const volUnit = w.unit('volume');
  const head = summary.addRow([
    ...summaryHead(t).map((h, i) => (i === 0 ? h : `${h} (${i < 4 ? w.unit('share') : volUnit})`)),
    `${t('app.results_view.received')} (${volUnit})`,
  ]);
  head.font = { bold: true };
  // The site's row: its own figures where the results give them, as on the page and in the note.
  const rows = summaryRows(r, t);
  for (const x of rows) {
    const row = addFigureRow(
      summary,
      [safeText(x.label)],
      [
        cell('share', x.abattement),
        cell('share', x.own),
        cell('share', x.target),
        cell('volume', x.volumes?.water_m3),
        cell('volume', x.volumes?.own_m3),
        cell('volume', x.volumes?.downstream_m3),
        cell('volume', x.volumes?.to_sewer_m3),
        cell('volume', x.received_m3),
      ],
    );
    if (x.total) row.font = { bold: true };
  }
  const sumNote = siteSumText(r, w, t);
  if (sumNote) summary.addRow([sumNote]);
  fitNames(
    summary,
    rows.map((x) => safeText(x.label)),
    40,
  );
  for (let c = 2; c <= 9; c += 1) summary.getColumn(c).width = 18;
}

/** The widest a names column grows, in characters; a longer name wraps in its cell. */
const NAMES_WIDTH = 70;

/**
 * The first column as wide as its longest name (`least` at least, NAMES_WIDTH at most): an architect's
 * 66-character roof names read whole beside their figures (helper ux10: cut at 40), and a longer one wraps
 * in its cell. The sentences above the table are alone on their rows and run on to the right.
 */
function fitNames(sheet: ExcelJS.Worksheet, names: string[], least: number): void {
  const longest = Math.max(0, ...names.map((n) => n.length));
  sheet.getColumn(1).width = Math.min(NAMES_WIDTH, Math.max(least, longest + 2));
  if (longest + 2 <= NAMES_WIDTH) return;
  const long = new Set(names.filter((n) => n.length + 2 > NAMES_WIDTH));
  sheet.eachRow((row) => {
    const cell = row.getCell(1);
    if (typeof cell.value === 'string' && long.has(cell.value)) cell.alignment = { wrapText: true };
  });
}

/** A row per roof and month, the rain in the project's units. */
function addMonthlySheet(monthly: ExcelJS.Worksheet, { r, t, w, cell }: SheetInput): void {
  const months = monthNames(w.lang);
  const rain = rainLabels(w, t);
  monthly.addRow([
    t('app.results_view.surface'),
    t('app.results_view.month'),
    t('app.charts.abattement'),
    `${t('app.results_view.on_roof')} (%)`,
    t('app.note_page.target_met'),
    rain.rain,
    rain.days,
  ]).font = { bold: true };
  for (const x of r.toitureResults)
    x.monthlyResults.forEach((m, i) => {
      addFigureRow(
        monthly,
        [safeText(x.toiture.name), months[i]],
        [
          cell('share', m.abattement),
          cell('share', m.own),
          cell('share', m.respectConsigneAbattement),
          cell('rain', r.pluviometrie[i]?.pluie_precipite),
          cell('days', r.pluviometrie[i]?.evenements_pluvieux),
        ],
      );
    });
  monthly.columns.forEach((c) => {
    c.width = 20;
  });
  fitNames(
    monthly,
    r.toitureResults.map((x) => safeText(x.toiture.name)),
    20,
  );
}
