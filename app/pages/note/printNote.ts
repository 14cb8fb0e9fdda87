import { NOTE_IMAGE_BOX_PX, NOTE_ROOF_CHART_PX, type Locale, type ResultView } from '../../../engine';
import { isAbattementResults, type Results } from '../../../words/results';
import { refusalText, shownQuery } from '../../api/download';
import { apiErrorText } from '../../api/http';
import type { Frame } from '../../frame';
import { drawsCharts } from '../../results';

/** One section's free text and image attachment (a data URL). */
export interface NoteEntry {
  text: string;
  image: string | null;
}

/** A refusal of the server, already in the user's words (anything else thrown is a network failure). */
class ApiFailure extends Error {}

/**
 * Each chart drawn on the page as a PNG data URL at most `max` pixels wide (never wider than drawn): the
 * note's pixels stay within the server's budget with 200 roofs. Null when the charts' code did not come
 * (offline) or the chart cannot be exported.
 */
async function chartImages(views: ResultView[], results: Results) {
  if (!drawsCharts(views)) return {};
  const roofs = isAbattementResults(results) ? results.toitureResults : [];
  // offline, the charts' code may not come: the note is then asked without them, and the request says why
  const ApexCharts = (await import('apexcharts').catch(() => null))?.default;
  const png = async (id: string, max: number): Promise<string | null> => {
    if (!ApexCharts) return null;
    try {
      const chart = ApexCharts.getChartByID(id);
      const state = chart && 'w' in chart ? (chart.w as { globals?: { svgWidth?: number } }) : null;
      const drawn = Number(state?.globals?.svgWidth) || max;
      const r = (await ApexCharts.exec(id, 'dataURI', { scale: Math.min(1, max / drawn) })) as
        { imgURI?: string } | undefined;
      return r?.imgURI && /^data:image\/png;base64,/.test(r.imgURI) ? r.imgURI : null;
    } catch {
      return null;
    }
  };
  return {
    pluviometrie: await png('rainfall', NOTE_IMAGE_BOX_PX.width),
    toitures: await Promise.all(roofs.map((r) => png(`roof-${r.toiture.name}`, NOTE_ROOF_CHART_PX))),
  };
}

/**
 * Asks the server for the note's PDF and opens it in a new window; resolves with the error to show (in
 * the user's words), or null once the PDF is open.
 */
export async function printNote({
  api,
  id,
  version,
  locale,
  t,
  entries,
  views,
  results,
}: {
  api: string;
  id: string;
  /** the stored version the page shows: the server refuses (409) to print a newer one with its charts */
  version: number | null;
  locale: Locale;
  t: Frame['t'];
  entries: NoteEntry[];
  views: ResultView[];
  results: Results;
}): Promise<string | null> {
  // The PDF's tab opens at the click: a tab opened once the note is printed (10 s for 100 roofs) is a
  // pop-up that browsers block. It says the note is being printed, receives the PDF, and closes if the
  // print fails.
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null;
    tab.document.documentElement.lang = locale;
    tab.document.title = t('app.note_page.generating');
    tab.document.body.style.font = '1rem system-ui, sans-serif';
    tab.document.body.textContent = t('app.note_page.generating');
  }
  const informations = entries.map((e) => ({ text: e.text.trim() || null, image: e.image }));
  while (informations.length < 6) informations.push({ text: null, image: null });
  const charts = await chartImages(views, results);
  try {
    const res = await fetch(`${api}/pdf_download/${encodeURIComponent(id)}${shownQuery(locale, version)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: JSON.stringify({ informations, ...charts }) }),
    });
    if (!res.ok) throw new ApiFailure(await refusalText(res, `${api}/pdf_download`, t));
    const url = URL.createObjectURL(await res.blob());
    if (tab && !tab.closed) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    return null;
  } catch (e) {
    tab?.close();
    return e instanceof ApiFailure ? e.message : apiErrorText({ status: 0 }, t);
  }
}
