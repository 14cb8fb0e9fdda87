import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { StepState } from '../../engine';
import { tr } from '../../renderers';
import { fieldText, isShown } from '../../renderers/fieldText';
import { noteDraft, PRODUCT } from '../api/projects';
import type { AbattementData } from '../charts/AbattementCharts';
import { apiErrorText } from '../api/http';
import { useFrame } from '../frame';
import { numberText } from '../../renderers/resultsText';

const AbattementCharts = lazy(() => import('../charts/AbattementCharts'));

interface Entry {
  text: string;
  image: string | null;
}

function readImage(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('unreadable file'));
    r.readAsDataURL(file);
  });
}

/** A step's data as the note shows it: every visible, filled field with its label, value and unit. */
function StepSummary({ step }: { step: StepState }) {
  const { t, locale } = useFrame();
  return (
    <>
      {step.cards.map((c) => (
        <div key={c.index}>
          {step.repeat ? <h3 className="note-card-title">{tr(t, c.title)}</h3> : null}
          <dl className="note-fields">
            {c.fields.filter(isShown).map((f) => (
              <div key={f.path}>
                <dt>{t(f.label)}</dt>
                <dd>{fieldText(f, t, locale)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </>
  );
}

/** A refusal of the server, already in the user's words (anything else thrown is a network failure). */
class ApiFailure extends Error {}

/**
 * The calculation note: numbered collapsible sections (client, project, roofs, grounds when present,
 * spills, results), each with a Modify button back to its step, a free text and an image attachment; the
 * download button asks the server for the PDF and opens it in a new window.
 */
export function NotePage() {
  const { calc, t, wizard: w, locale } = useFrame();
  const navigate = useNavigate();
  const results = w.session.results as Record<string, unknown> | null;
  const steps = w.state.steps;
  const keys =
    calc === 'sl'
      ? ['client', 'project', 'roofs', 'results']
      : ['client', 'project', 'roofs', 'grounds', 'spills', 'results'];
  const stepIndex: Record<string, number> = { client: 0, project: 1, roofs: 2, grounds: 3, spills: 4 };
  const hasGround = (steps[3]?.cards.length ?? 0) > 0;
  const sections = keys.filter((k) => k !== 'grounds' || hasGround);
  const [entries, setEntries] = useState<Entry[]>(() => sections.map(() => ({ text: '', image: null })));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = w.session.project_id;
  // The draft lives with the project: read once, then saved a moment after each change.
  const loaded = useRef(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!id || loaded.current) return;
    loaded.current = true;
    void noteDraft.get(calc, id).then((r) => {
      const list = r.data?.data
        ? ((JSON.parse(r.data.data) as { informations?: { text: string | null; image: string | null }[] })
            .informations ?? [])
        : [];
      if (list.length)
        setEntries((es) =>
          es.map((e, i) => ({ text: list[i]?.text ?? e.text, image: list[i]?.image ?? e.image })),
        );
      setReady(true);
    });
  }, [calc, id]);
  useEffect(() => {
    if (!id || !ready) return;
    const timer = setTimeout(() => {
      void noteDraft
        .put(
          calc,
          id,
          entries.map((e) => ({ text: e.text.trim() ? e.text : null, image: e.image })),
        )
        .then((r) => setError(r.error ? t('app.note_page.draft_failed') : null));
    }, 600);
    return () => clearTimeout(timer);
  }, [calc, id, ready, entries, t]);
  if (!results) return <Navigate to={`/${calc}/calculator`} replace />;
  const months = t('app.charts.months', { returnObjects: true }) as unknown as string[];
  const set = (i: number, patch: Partial<Entry>) =>
    setEntries((es) => es.map((e, k) => (k === i ? { ...e, ...patch } : e)));

  const download = async () => {
    if (!id) {
      setError(t('app.pdf_no_id'));
      return;
    }
    setBusy(true);
    setError(null);
    const informations = entries.map((e) => ({ text: e.text.trim() || null, image: e.image }));
    while (informations.length < 6) informations.push({ text: null, image: null });
    const roofs = (results.toitureResults as { toiture: { name: string } }[] | undefined) ?? [];
    const { default: ApexCharts } = await import('apexcharts');
    const png = async (id: string): Promise<string | null> => {
      try {
        const r = (await ApexCharts.exec(id, 'dataURI')) as { imgURI?: string } | undefined;
        return r?.imgURI && /^data:image\/png;base64,/.test(r.imgURI) ? r.imgURI : null;
      } catch {
        return null;
      }
    };
    const charts =
      calc === 'sl'
        ? {}
        : {
            pluviometrie: await png('rainfall'),
            toitures: await Promise.all(roofs.map((r) => png(`roof-${r.toiture.name}`))),
          };
    try {
      const res = await fetch(
        `/api/${PRODUCT[calc]}/pdf_download/${encodeURIComponent(id)}?locale=${locale}`,
        {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: JSON.stringify({ informations, ...charts }) }),
        },
      );
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        throw new ApiFailure(
          apiErrorText({ status: res.status, ...(body.code ? { code: body.code } : {}) }, t),
        );
      }
      const url = URL.createObjectURL(await res.blob());
      window.open(url, '_blank', 'noopener');
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : apiErrorText({ status: 0 }, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page page-note">
      <h1>{t('app.note_page.title')}</h1>
      {sections.map((k, n) => (
        <details key={k} className="note-section" open>
          <summary>
            {n + 1}. {t(`app.note_page.sections.${k}`)}
          </summary>
          <div>
            {k === 'results' ? (
              calc === 'sl' ? (
                <>
                  <div
                    className="table-scroll"
                    tabIndex={0}
                    role="region"
                    aria-label={t('app.sl_results.limiters')}
                  >
                    <table className="results-table">
                      <caption>{t('app.sl_results.limiters')}</caption>
                      <thead>
                        <tr>
                          {['roof', 'count', 'height_max', 'height_total', 'leakage'].map((k) => (
                            <th key={k} scope="col">
                              {t(`app.sl_results.${k}`)}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {((results.limiters as Record<string, unknown>[] | undefined) ?? []).map((l) => (
                          <tr key={String(l.roof_name)}>
                            <th scope="row">{String(l.roof_name)}</th>
                            <td>{numberText(Number(l.count), locale, 0)}</td>
                            <td>{numberText(Number(l.height_max), locale)}</td>
                            <td>{numberText(Number(l.height_total), locale)}</td>
                            <td>{numberText(Number(l.max_leakage), locale, 2)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <p>
                    {t('app.sl_results.volume')}: {numberText(Number(results.max_volume), locale, 0)} ·{' '}
                    {t('app.sl_results.leakage')}: {numberText(Number(results.max_leakage), locale, 2)}
                  </p>
                </>
              ) : (
                <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
                  <AbattementCharts
                    key={locale}
                    data={results as unknown as AbattementData}
                    t={t}
                    months={months}
                    base={calc === 'sm'}
                    lang={locale}
                  />
                </Suspense>
              )
            ) : steps[stepIndex[k]!] ? (
              <>
                <StepSummary step={steps[stepIndex[k]!]!} />
                <button
                  type="button"
                  className="button-secondary"
                  onClick={() => void navigate(`/${calc}/calculator#${stepIndex[k]! + 1}`)}
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
            <label className="field">
              <span className="field-label">{t('app.note_page.attachment')}</span>
              <input
                type="file"
                accept="image/png,image/jpeg"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) void readImage(f).then((image) => set(n, { image }));
                  else set(n, { image: null });
                }}
              />
            </label>
          </div>
        </details>
      ))}
      {error ? (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
      <button type="button" className="button-primary" disabled={busy} onClick={() => void download()}>
        {busy ? t('app.note_page.generating') : t('app.note_page.download')}
      </button>
    </main>
  );
}
