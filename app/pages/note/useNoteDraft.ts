import { useEffect, useRef, useState } from 'react';
import { noteDraft } from '../../api/projects';
import { apiErrorText } from '../../api/http';
import type { Calculator } from '../../calculators';
import type { Frame } from '../../frame';
import type { NoteLoad } from '../../pageLoaders';
import type { NoteEntry } from './printNote';

/**
 * The note's entries (one per section), started from the draft kept with the project and saved a
 * moment after each change (not when the page opens: nothing changed yet). `error` says why the last
 * save failed; `setError` lets the page say its own.
 */
export function useNoteDraft({
  calculator,
  id,
  count,
  draft,
  t,
}: {
  calculator: Calculator;
  id: string | null | undefined;
  count: number;
  draft: NoteLoad;
  t: Frame['t'];
}) {
  const [entries, setEntries] = useState<NoteEntry[]>(() =>
    Array.from({ length: count }, (_, i) => ({
      text: draft.informations[i]?.text ?? '',
      image: draft.informations[i]?.image ?? null,
    })),
  );
  const [error, setError] = useState<string | null>(null);
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
  const set = (i: number, patch: Partial<NoteEntry>) => {
    changed.current = true;
    setEntries((es) => es.map((e, k) => (k === i ? { ...e, ...patch } : e)));
  };
  return { entries, set, error, setError };
}
