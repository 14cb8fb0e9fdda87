import ExcelJS from 'exceljs';
import type { ProjectTable } from '../db/database';

type Form = Record<string, unknown>;
const formsOf = (steps: Record<string, { forms?: { form?: Form }[] }>, key: string): Form[] =>
  (steps[key]?.forms ?? []).map((f) => f.form ?? {});

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

function table(ws: ExcelJS.Worksheet, headers: string[], rows: unknown[][]): void {
  const head = ws.addRow(headers);
  head.font = { bold: true };
  for (const r of rows) ws.addRow(r.map(v));
  ws.columns.forEach((c) => {
    c.width = 22;
  });
}

/** What the workbook reads its words from: the product's messages and its forms' option labels. */
export interface WorkbookWords {
  t: (key: string, params?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
  /** an option's label (a profile, a roof type), or null when the value is no option */
  option: (value: string) => string | null;
}

/**
 * The Excel file of an sl project (export_excel): the client and the site, one row per roof, and, when
 * calculated, the limiters and the quote articles with their totals, and the verdict with each of its
 * findings. Every heading and every coded value (state, profile, roof type, article type, yes/no) is
 * written in words from the messages.
 */
export async function projectWorkbook(row: ProjectTable, words: WorkbookWords): Promise<Buffer> {
  const { t } = words;
  const x = (key: string) => t(`sl.excel.${key}`);
  const option = (value: unknown) =>
    value === null || value === undefined || value === ''
      ? null
      : (words.option(String(value)) ?? String(value));
  const yesNo = (b: unknown) => x(b ? 'yes' : 'no');
  const steps = JSON.parse(row.content) as Record<string, { forms?: { form?: Form }[] }>;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Roof rainwater calculators';
  wb.created = new Date(row.created_at);
  const client = formsOf(steps, 'Client')[0] ?? {};
  const site = formsOf(steps, 'Chantier')[0] ?? {};
  const p = wb.addWorksheet(x('sheets.project'));
  table(
    p,
    [x('heading'), x('value')],
    [
      [x('number'), row.number],
      [x('state'), t(`app.states.${row.state}`, { command: row.command ?? '' })],
      [x('command'), row.command],
      [x('client'), client.name],
      [x('company'), client.company],
      [x('email'), client.email],
      [x('phone'), client.phone],
      [x('profile'), option(client.profile)],
      [x('commercial'), client.user],
      [x('site'), site.name],
      [x('address'), site.adress],
      [x('city'), site.city],
      [x('postcode'), site.postcode],
      [x('leakage'), site.max_fuite ? site.fuite_value : null],
      [x('retention'), site.max_retention ? site.retention_value : null],
      [x('water_height'), site.max_retention ? site.hauteur_eau : null],
      [x('comment'), row.comment],
    ],
  );
  const roofs = formsOf(steps, 'Toiture');
  table(
    wb.addWorksheet(x('sheets.roofs')),
    ['name', 'type', 'surface', 'volume_max', 'recess', 'horizontal', 'vertical', 'retentio', 'gravel'].map(
      (k) => x(`roof.${k}`),
    ),
    roofs.map((r) => [
      r.name,
      option(r.type),
      r.surface_retention,
      r.volume_retention_max,
      r.hauteur,
      r.evac_horizontal,
      r.evac_vertical,
      yesNo(r.retentio),
      r.gravel_thickness,
    ]),
  );
  const results = row.results ? (JSON.parse(row.results) as Record<string, unknown>) : null;
  if (results) {
    const limiters = (results.limiters as Form[] | undefined) ?? [];
    table(
      wb.addWorksheet(x('sheets.results')),
      ['roof', 'limiters', 'height_max', 'height_total', 'recess', 'leakage', 'retentio', 'surface'].map(
        (k) => x(`result.${k}`),
      ),
      [
        ...limiters.map((l) => [
          l.roof_name,
          l.count,
          l.height_max,
          l.height_total,
          l.height_decaisse,
          l.max_leakage,
          yesNo(l.recommended_retentio),
          l.roof_surface,
        ]),
        [x('result.total'), null, null, null, null, results.max_leakage, null, null],
        [x('result.lsha'), results.lsha],
        [x('result.volume'), results.max_volume],
        ...(typeof results.method_volume === 'number'
          ? [[t('app.sl_results.method_volume'), results.method_volume]]
          : []),
        ...(typeof results.imposed_volume === 'number'
          ? [[t('app.sl_results.imposed_volume'), results.imposed_volume]]
          : []),
        ...(results.routing
          ? [
              [
                t('app.sl_results.routed_peak'),
                (results.routing as { peak_outflow_l_s: number }).peak_outflow_l_s,
              ],
            ]
          : []),
      ],
    );
    const verdict = results.verdict as
      | {
          status: string;
          rule: string;
          findings: { severity: string; message: string; params: Record<string, unknown> }[];
        }
      | undefined;
    if (verdict)
      table(
        wb.addWorksheet(t('app.verdict.title').slice(0, 31)),
        [t('app.verdict.title'), t(`app.verdict.${verdict.status}`)],
        [
          ...verdict.findings.map((f) => [
            t(f.severity === 'not_conform' ? 'app.verdict.blocking' : 'app.verdict.reservation'),
            t(f.message, f.params),
          ]),
          [t(verdict.rule)],
        ],
      );
    const articles = new Map<string, { id: unknown; name: unknown; type: unknown; quantity: number }>();
    for (const l of limiters) {
      for (const a of (l.articles as Form[] | undefined) ?? []) {
        const key = String(a.divalto_id);
        const cur = articles.get(key) ?? { id: a.divalto_id, name: a.name, type: a.type, quantity: 0 };
        cur.quantity += Number(a.quantity ?? 0);
        articles.set(key, cur);
      }
    }
    // an article type without words in the messages is left blank rather than shown as its code
    const typeOf = (type: unknown) => {
      const key = `sl.excel.article_types.${String(type)}`;
      return words.exists(key) ? t(key) : null;
    };
    table(
      wb.addWorksheet(x('sheets.articles')),
      ['reference', 'name', 'type', 'quantity'].map((k) => x(`article.${k}`)),
      [...articles.values()].map((a) => [a.id, a.name, typeOf(a.type), a.quantity]),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
