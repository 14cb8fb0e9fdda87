import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NoteDef, StepState } from '../../../engine';
import { useNarrow } from '../../../renderers';
import type { Results } from '../../../words/results';
import { FilePicker, fileWords } from '../../components/FilePicker';
import { StepSummary } from '../../components/StepSummary';
import { useFrame } from '../../frame';
import { ResultViews } from '../../results';
import { fitAttachment } from '../fitAttachment';
import { stepPath } from '../calculator/useStepRoute';
import type { NoteEntry } from './printNote';

/**
 * One numbered collapsible section of the note: a step's answers with a Modify button back to it, or
 * the results drawn by the note's result views, then the section's free text and image attachment. Open
 * at first on a desktop; folded on a phone, where the open sections of 22 roofs put the download button
 * 38 screens down, unless it holds the user's own text or image (back from Modifier, a draft reloaded).
 */
export function NoteSection({
  title,
  n,
  index,
  step,
  showResults,
  views,
  results,
  entry,
  onChange,
}: {
  title: string;
  /** the section's position on the page (numbered from 1) */
  n: number;
  /** the step's index in the wizard (-1 when the section is not a step's) */
  index: number;
  step: StepState | undefined;
  showResults: boolean;
  views: NoteDef['views'];
  results: Results;
  entry: NoteEntry;
  onChange: (patch: Partial<NoteEntry>) => void;
}) {
  const { calc, t, locale, admin } = useFrame();
  const navigate = useNavigate();
  const phone = useNarrow();
  const fold = useRef<HTMLDetailsElement>(null);
  const filled = entry.text !== '' || entry.image !== null;
  // opened once when it holds something of the user's; never closed by the page
  useEffect(() => {
    if (filled && fold.current) fold.current.open = true;
  }, [filled]);
  return (
    <details ref={fold} className="note-section" open={!phone}>
      <summary>
        <h2 className="note-section-title">
          {n + 1}. {t(title)}
        </h2>
      </summary>
      <div>
        {showResults ? <ResultViews views={views} results={results} admin={admin} /> : null}
        {step ? (
          <>
            <StepSummary step={step} />
            <button
              type="button"
              className="button-secondary note-modify"
              onClick={() => void navigate(stepPath(calc, index))}
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
            value={entry.text}
            onChange={(e) => onChange({ text: e.target.value })}
          />
        </label>
        <FilePicker
          label={t('app.note_page.attachment')}
          accept="image/png,image/jpeg"
          files={
            entry.image
              ? [
                  {
                    name: t('app.files.image'),
                    image: entry.image,
                    // the data URL's base64 text holds 3 bytes in every 4 characters
                    size: Math.round(((entry.image.split(',')[1]?.length ?? 0) * 3) / 4),
                  },
                ]
              : []
          }
          words={fileWords(t, locale)}
          onChoose={(f) => {
            if (f) void fitAttachment(f).then((image) => onChange({ image }));
          }}
          onRemove={() => onChange({ image: null })}
        />
      </div>
    </details>
  );
}
