import ExcelJS from 'exceljs';
import type { Translator } from '../../words/i18n';
import { toDisplay, unitKey } from '../../engine/units';
import type { UnitSystem } from '../../engine';
import {
  imposedVolumeText,
  rainLabels,
  rainValue,
  roofVerdict,
  siteSumText,
  siteVerdict,
  summaryHead,
  summaryRows,
  upstreamText,
  verdictRules,
} from '../../words/resultsText';
import { monthNames } from '../../words/dates';
import type { AbattementResults } from '../../words/results';
import { safeText } from './projectWorkbook';

/**
 * The results of an abattement project as a workbook, in the reader's language and the project's units:
 * a summary sheet (the verdicts and their rules, the imposed volume's, then a row per roof and one for
 * the site: annual retention, on the roof, target met, volumes per year, the water received from other
 * surfaces) and a monthly sheet (a row per roof and month, the rain in the project's units). Figures are
 * numbers, so that they can be summed and charted; the units are in the headers.
 */
export async function resultsWorkbook(
  r: AbattementResults,
  i18n: Translator,
  system: UnitSystem,
  meta: { project: string; created: Date },
): Promise<Buffer> {
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  const lang = i18n.language;
  const wb = new ExcelJS.Workbook();
  wb.created = meta.created;
  const volUnit = t(unitKey('volume_m3', system)!);
  const vol = (m3: number | undefined) =>
    m3 === undefined ? null : (toDisplay(m3, 'volume_m3', system, system === 'IMPERIAL' ? 0 : 3) as number);
  const summary = wb.addWorksheet(t('app.results_view.summary'));
  summary.addRow([safeText(meta.project)]).font = { bold: true, size: 13 };
  summary.addRow([siteVerdict(r, system, t, lang)]);
  for (const x of imposedVolumeText(r, system, t, lang)) summary.addRow([x]);
  for (const x of r.toitureResults) {
    summary.addRow([safeText(roofVerdict(x, r.target_mm, system, t, lang))]);
    if (x.upstream) summary.addRow([safeText(upstreamText(x, system, t, lang))]);
  }
  for (const x of verdictRules(r, system, t, lang)) summary.addRow([x]);
  summary.addRow([]);
  const head = summary.addRow([
    ...summaryHead(t).map((h, i) => (i === 0 ? h : `${h} (${i < 4 ? '%' : volUnit})`)),
    `${t('app.results_view.received')} (${volUnit})`,
  ]);
  head.font = { bold: true };
  // The site's volumes are the sums of the rows above (summaryRows), as on the page and in the note.
  const figures = summaryRows(r, t);
  for (const x of figures) {
    const row = summary.addRow([
      safeText(x.label),
      x.abattement ?? null,
      x.own ?? null,
      x.target ?? null,
      vol(x.volumes?.water_m3),
      vol(x.volumes?.own_m3),
      vol(x.volumes?.downstream_m3),
      vol(x.volumes?.to_sewer_m3),
      x.received_m3 === undefined ? null : vol(x.received_m3),
    ]);
    if (x.total) row.font = { bold: true };
  }
  const sumNote = siteSumText(r, system, t, lang);
  if (sumNote) summary.addRow([sumNote]);
  summary.getColumn(1).width = 40;
  for (let c = 2; c <= 9; c += 1) summary.getColumn(c).width = 18;

  const months = monthNames(lang);
  const monthly = wb.addWorksheet(t('app.results_view.monthly'));
  const rain = rainLabels(system, t, lang);
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
    x.monthlyResults.forEach((m, i) =>
      monthly.addRow([
        safeText(x.toiture.name),
        months[i],
        m.abattement,
        m.own ?? null,
        m.respectConsigneAbattement,
        r.pluviometrie[i] ? rainValue(r.pluviometrie[i].pluie_precipite, system) : null,
        r.pluviometrie[i]?.evenements_pluvieux ?? null,
      ]),
    );
  monthly.columns.forEach((c) => {
    c.width = 20;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
