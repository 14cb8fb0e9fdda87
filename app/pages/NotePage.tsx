import { useState } from 'react';
import { Navigate, useLoaderData } from 'react-router-dom';
import type { NoteLoad } from '../pageLoaders';
import { useFrame } from '../frame';
import { resultsPath } from '../projectPaths';
import { useFrameWizard } from '../state/useWizard';
import { ExportButtons } from '../results/ExportButtons';
import { UnsavedChanges } from '../components/UnsavedChanges';
import { UnitSwitch } from '../components/UnitSwitch';
import { ProjectName } from '../components/ProjectName';
import { NoteSection } from './note/NoteSection';
import { printNote } from './note/printNote';
import { useNoteDraft } from './note/useNoteDraft';

/**
 * The calculation note: the bundle's numbered collapsible sections (a step's answers, left out when the
 * step has no card, or the results drawn by the note's result views), each step with a Modify button
 * back to it, a free text and an image attachment (note/NoteSection.tsx), saved as a draft with the
 * project (note/useNoteDraft.ts); the download button asks the server for the PDF and opens it in a new
 * window (note/printNote.ts).
 */
export function NotePage() {
  const { calc, calculator, t, locale } = useFrame();
  const w = useFrameWizard();
  const results = w.session.results;
  const steps = w.state.steps;
  const { note } = calculator.bundle;
  const sections = note.sections
    .map((sec) => ({ ...sec, index: sec.step ? steps.findIndex((st) => st.key === sec.step) : -1 }))
    .filter((sec) => !sec.step || (steps[sec.index]?.cards.length ?? 0) > 0);
  const id = w.session.project_id;
  // the draft kept with the project came with the route (app/loaders.ts noteLoader)
  const draft = useLoaderData() as NoteLoad;
  const { entries, set, error, setError } = useNoteDraft({
    calculator,
    id,
    count: sections.length,
    draft,
    t,
  });
  const [busy, setBusy] = useState(false);
  // Without results (a project saved since they were calculated): the results page calculates them.
  if (!results) return <Navigate to={id ? resultsPath(calc, id) : `/${calc}/calculator`} replace />;
  const unsaved = w.unsaved();

  const download = async () => {
    if (!id) {
      setError(t('app.pdf_no_id'));
      return;
    }
    // printNote opens the PDF's tab before its first await: still within the click
    const printed = printNote({
      api: calculator.api,
      id,
      version: w.session.version,
      locale,
      t,
      entries,
      views: note.views,
      results,
    });
    setBusy(true);
    setError(null);
    const failure = await printed;
    if (failure) setError(failure);
    setBusy(false);
  };

  return (
    <main className="page page-note">
      <h1>{t('app.note_page.title')}</h1>
      <ProjectName page={t('app.note_page.title')} />
      <UnitSwitch />
      <UnsavedChanges id="note-unsaved" />
      {sections.map((sec, n) => (
        <NoteSection
          key={sec.title}
          title={sec.title}
          n={n}
          index={sec.index}
          step={steps[sec.index]}
          showResults={!!sec.results}
          views={note.views}
          results={results}
          entry={entries[n]!}
          onChange={(patch) => set(n, patch)}
        />
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
      <ExportButtons page="note" id={id ?? null} version={w.session.version} disabled={unsaved} />
      {unsaved ? (
        <p id="note-unsaved-download" className="notice notice-warning">
          {t('app.unsaved.download')}
        </p>
      ) : null}
    </main>
  );
}
