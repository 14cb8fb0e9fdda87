import ExcelJS from 'exceljs';
import type { ProjectTable } from '../db/database';
import type { Translator } from '../../renderers/i18n';

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

/**
 * The Excel file of an sl project (export_excel): the client and the site, one row per roof, and, when
 * calculated, the limiters and the quote articles with their totals, and the verdict with each of its
 * findings in the calculator's words (`i18n`).
 */
export async function projectWorkbook(row: ProjectTable, i18n: Translator): Promise<Buffer> {
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  const steps = JSON.parse(row.content) as Record<string, { forms?: { form?: Form }[] }>;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Roof rainwater calculators';
  wb.created = new Date(row.created_at);
  const client = formsOf(steps, 'Client')[0] ?? {};
  const site = formsOf(steps, 'Chantier')[0] ?? {};
  const p = wb.addWorksheet('Projet');
  table(
    p,
    ['Rubrique', 'Valeur'],
    [
      ['Projet', row.id],
      ['État', row.state],
      ['Numéro de commande', row.command],
      ['Client', client.name],
      ['Société', client.company],
      ['E-mail', client.email],
      ['Téléphone', client.phone],
      ['Profil', client.profile],
      ['Interlocuteur commercial', client.user],
      ['Chantier', site.name],
      ['Adresse', site.adress],
      ['Ville', site.city],
      ['Code postal', site.postcode],
      ['Débit de fuite imposé (L/s/ha)', site.max_fuite ? site.fuite_value : null],
      ['Volume de rétention (m3)', site.max_retention ? site.retention_value : null],
      ['Hauteur d’eau (cm)', site.max_retention ? site.hauteur_eau : null],
      ['Commentaire', row.comment],
    ],
  );
  const roofs = formsOf(steps, 'Toiture');
  table(
    wb.addWorksheet('Toitures'),
    [
      'Nom',
      'Type',
      'Surface (m2)',
      'Volume max (m3)',
      'Décaissé (mm)',
      'Évac. horizontales',
      'Évac. verticales',
      'Retentio',
      'Gravillons (mm)',
    ],
    roofs.map((r) => [
      r.name,
      r.type,
      r.surface_retention,
      r.volume_retention_max,
      r.hauteur,
      r.evac_horizontal,
      r.evac_vertical,
      r.retentio ? 'oui' : 'non',
      r.gravel_thickness,
    ]),
  );
  const results = row.results ? (JSON.parse(row.results) as Record<string, unknown>) : null;
  if (results) {
    const limiters = (results.limiters as Form[] | undefined) ?? [];
    table(
      wb.addWorksheet('Résultats'),
      [
        'Toiture',
        'Limiteurs',
        'Hauteur max (mm)',
        'Hauteur totale (mm)',
        'Décaissé (mm)',
        'Débit (L/s)',
        'Retentio recommandé',
        'Surface (m2)',
      ],
      [
        ...limiters.map((l) => [
          l.roof_name,
          l.count,
          l.height_max,
          l.height_total,
          l.height_decaisse,
          l.max_leakage,
          l.recommended_retentio ? 'oui' : 'non',
          l.roof_surface,
        ]),
        ['Total', null, null, null, null, results.max_leakage, null, null],
        ['Débit spécifique (L/s/ha)', results.lsha],
        ['Volume à stocker (m3)', results.max_volume],
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
    table(
      wb.addWorksheet('Articles'),
      ['Référence', 'Article', 'Type', 'Quantité'],
      [...articles.values()].map((a) => [a.id, a.name, a.type, a.quantity]),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
