import { useEffect, useRef, useState } from 'react';
import { Navigate, useLoaderData, useNavigate } from 'react-router-dom';
import { NOTE_IMAGE_BOX_PX, NOTE_ROOF_CHART_PX } from '../../engine';
import { noteDraft } from '../api/projects';
import type { NoteLoad } from '../pageLoaders';
import { apiErrorText } from '../api/http';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';
import { StepSummary } from '../components/StepSummary';
import { FilePicker, fileWords } from '../components/FilePicker';
import { drawsCharts, ResultViews } from '../results';
import { ExportButtons } from '../results/ExportButtons';
import { isAbattementResults } from '../../words/results';
import { UnsavedChanges } from '../components/UnsavedChanges';
import { UnitSwitch } from '../components/UnitSwitch';
import { fitAttachment } from './fitAttachment';
import { stepPath } from './calculator/useStepRoute';

interface Entry {
  text: string;
  image: string | null;
}

/** A refusal of the server, already in the user's words (anything else thrown is a network failure). */
class ApiFailure extends Error {}

/**
 * The calculation note: the bundle's numbered collapsible sections (a step's answers, left out when the
 * step has no card, or the results drawn by the note's result views), each step with a Modify button
 * back to it, a free text and an image attachment; the download button asks the server for the PDF and
 * opens it in a new window.
 */
export function NotePage() {
  const { calc, calculator, t, locale, admin } = useFrame();
  const w = useFrameWizard();
  const navigate = useNavigate();
  const results = w.session.results;
  const steps = w.state.steps;
  const { note } = calculator.bundle;
  const sections = note.sections
    .map((sec) => ({ ...sec, index: sec.step ? steps.findIndex((st) => st.key === sec.step) : -1 }))
    .filter((sec) => !sec.step || (steps[sec.index]?.cards.length ?? 0) > 0);
  // the draft kept with the project came with the route (app/loaders.ts noteLoader)
  const draft = useLoaderData() as NoteLoad;
  const [entries, setEntries] = useState<Entry[]>(() =>
    sections.map((_, i) => ({
      text: draft.informations[i]?.text ?? '',
      image: draft.informations[i]?.image ?? null,
    })),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = w.session.project_id;
  // saved a moment after each change (not when the page opens: nothing changed yet)
  const changed = useRef(false);
  useEffect(() => {
    if (!id || !changed.current) return;
    const timer = setTimeout(() => {
      void noteDraft
        .put(
          calculator.api,
          id,
          entries.map((e) => ({ text: e.text.trim() ? e.text : null, image: e.image })),
        )
        // A refusal (the draft over its size, the day's storage) says why; a lost connection says so.
        .then((r) =>
          setError(
            !r.error
              ? null
              : r.error.status === 0
                ? t('app.note_page.draft_failed')
                : apiErrorText(r.error, t),
          ),
        );
    }, 600);
    return () => clearTimeout(timer);
  }, [calculator, id, entries, t]);
  // Without results (a project saved since they were calculated): the results page calculates them.
  if (!results) return <Navigate to={id ? `/${calc}/results` : `/${calc}/calculator`} replace />;
  const unsaved = w.unsaved();
  const set = (i: number, patch: Partial<Entry>) => {
    changed.current = true;
    setEntries((es) => es.map((e, k) => (k === i ? { ...e, ...patch } : e)));
  };

  const download = async () => {
    if (!id) {
      setError(t('app.pdf_no_id'));
      return;
    }
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
    setBusy(true);
    setError(null);
    const informations = entries.map((e) => ({ text: e.text.trim() || null, image: e.image }));
    while (informations.length < 6) informations.push({ text: null, image: null });
    const roofs = isAbattementResults(results) ? results.toitureResults : [];
    // offline, the charts' code may not come: the note is then asked without them, and the request says why
    const ApexCharts = (await import('apexcharts').catch(() => null))?.default;
    // Each chart at most `max` pixels wide (never wider than drawn): the note's pixels stay within the
    // server's budget with 200 roofs.
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
    const charts = drawsCharts(note.views)
      ? {
          pluviometrie: await png('rainfall', NOTE_IMAGE_BOX_PX.width),
          toitures: await Promise.all(roofs.map((r) => png(`roof-${r.toiture.name}`, NOTE_ROOF_CHART_PX))),
        }
      : {};
    try {
      const res = await fetch(`${calculator.api}/pdf_download/${encodeURIComponent(id)}?locale=${locale}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: JSON.stringify({ informations, ...charts }) }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { code?: string; details?: unknown };
        throw new ApiFailure(
          apiErrorText(
            {
              status: res.status,
              ...(body.code ? { code: body.code } : {}),
              ...(body.details !== undefined ? { details: body.details } : {}),
            },
            t,
          ),
        );
      }
      const url = URL.createObjectURL(await res.blob());
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (e) {
      tab?.close();
      setError(e instanceof ApiFailure ? e.message : apiErrorText({ status: 0 }, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page page-note">
      <h1>{t('app.note_page.title')}</h1>
      <UnitSwitch />
      <UnsavedChanges id="note-unsaved" />
      {sections.map((sec, n) => (
        <details key={sec.title} className="note-section" open>
          <summary>
            <h2 className="note-section-title">
              {n + 1}. {t(sec.title)}
            </h2>
          </summary>
          <div>
            {sec.results ? <ResultViews views={note.views} results={results} admin={admin} /> : null}
            {steps[sec.index] ? (
              <>
                <StepSummary step={steps[sec.index]!} />
                <button
                  type="button"
                  className="button-secondary note-modify"
                  onClick={() => void navigate(stepPath(calc, sec.index))}
                >
                  {t('app.note_page.modify')}
                </button>
              </>
            ) : null}
            <label className="field">
              <span className="field-label">{t('app.note_page.info')}</span>
              <textarea
                className="field-input"
                rows={3}
                maxLength={10000}
                value={entries[n]!.text}
                onChange={(e) => set(n, { text: e.target.value })}
              />
            </label>
            <FilePicker
              label={t('app.note_page.attachment')}
              accept="image/png,image/jpeg"
              files={
                entries[n]!.image
                  ? [
                      {
                        name: t('app.files.image'),
                        image: entries[n]!.image,
                        // the data URL's base64 text holds 3 bytes in every 4 characters
                        size: Math.round(((entries[n]!.image?.split(',')[1]?.length ?? 0) * 3) / 4),
                      },
                    ]
                  : []
              }
              words={fileWords(t, locale)}
              onChoose={(f) => {
                if (f) void fitAttachment(f).then((image) => set(n, { image }));
              }}
              onRemove={() => set(n, { image: null })}
            />
          </div>
        </details>
      ))}
      {error ? (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button-primary"
        disabled={busy || unsaved}
        aria-describedby={unsaved ? 'note-unsaved-download' : undefined}
        onClick={() => void download()}
      >
        {busy ? t('app.note_page.generating') : t('app.note_page.download')}
      </button>
      <ExportButtons page="note" id={id ?? null} disabled={unsaved} />
      {unsaved ? (
        <p id="note-unsaved-download" className="notice notice-warning">
          {t('app.unsaved.download')}
        </p>
      ) : null}
    </main>
  );
}
