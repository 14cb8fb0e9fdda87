import { useAtomValue, type Atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { memo, useMemo } from 'react';
import type { Bundle, PreviewFigure, UnitSystem } from '../../engine';
import { figureWriter } from '../../words/figures';
import { figureText } from '../../words/numberText';
import { reasonText } from '../../words/reasonText';
import { cardFigures, type Preview } from '../state/usePreview';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * Figures as "label value unit", each value the server's (the bundle's json-logic over the results),
 * written by its format as the results write it (figures.formats), else by its own unit and digits.
 */
function Figures({
  figures,
  values,
  bundle,
  system,
  t,
  lang,
}: {
  figures: PreviewFigure[];
  values: unknown[];
  bundle: Bundle;
  system: UnitSystem;
  t: T;
  lang: string;
}) {
  const w = useMemo(() => figureWriter(bundle.figures.formats, system, t, lang), [bundle, system, t, lang]);
  return (
    <dl className="preview-figures">
      {figures.map((f, i) => (
        <div key={f.label}>
          <dt>{t(f.label)}</dt>
          <dd>
            {f.format ? w.text(f.format, values[i]) : figureText(values[i], f.unit, f.digits ?? 1, t, lang)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Above the cards: the site's figures as typed, or what is missing for them, or that they are coming. */
export const PreviewPanel = memo(function PreviewPanel({
  preview: previewAtom,
  bundle,
  system,
  t,
  lang,
}: {
  /** the calculator's live preview (usePreview) */
  preview: Atom<Preview>;
  bundle: Bundle;
  /** the project's unit system: the figures in its units */
  system: UnitSystem;
  t: T;
  lang: string;
}) {
  const preview = useAtomValue(previewAtom);
  if (!bundle.preview) return null;
  // the first reason the preview cannot be computed, in words (read in the answers it was asked for)
  const missing =
    preview.state === 'missing' && preview.reasons[0]
      ? reasonText(preview.reasons[0], bundle, preview.form, t)
      : '';
  const values = preview.state === 'ready' || preview.state === 'computing' ? preview.values : null;
  return (
    <section
      className="preview"
      aria-label={t('app.preview.title')}
      aria-busy={preview.state === 'computing'}
      data-state={preview.state}
    >
      <h3 className="preview-title">{t('app.preview.title')}</h3>
      {values ? (
        <Figures
          figures={bundle.preview.site}
          values={values.site}
          bundle={bundle}
          system={system}
          t={t}
          lang={lang}
        />
      ) : null}
      <p className="preview-status" role="status">
        {preview.state === 'computing'
          ? t('app.preview.computing')
          : preview.state === 'missing'
            ? t('app.preview.missing', { reason: missing })
            : preview.state === 'failed'
              ? t('app.preview.failed')
              : preview.state === 'waiting'
                ? t('app.preview.waiting', {
                    steps: preview.steps.map((s) => t('app.preview.step_name', { name: t(s) })).join(', '),
                    count: preview.steps.length,
                  })
                : ''}
      </p>
    </section>
  );
});

/** In a card: its own figures (the values of the results' list entry at its index). */
export const PreviewCard = memo(function PreviewCard({
  preview,
  bundle,
  system,
  index,
  t,
  lang,
}: {
  preview: Atom<Preview>;
  bundle: Bundle;
  system: UnitSystem;
  index: number;
  t: T;
  lang: string;
}) {
  // this card's figures alone: a preview on its way (the same figures, computing) or another card's
  // change leaves this card as it is
  const entry = useAtomValue(
    useMemo(() => selectAtom(preview, (p) => cardFigures(p, index)), [preview, index]),
  );
  const cards = bundle.preview?.cards;
  if (!cards || entry === undefined) return null;
  return (
    <div className="card-preview" aria-label={t('app.preview.title')}>
      <Figures figures={cards.figures} values={entry} bundle={bundle} system={system} t={t} lang={lang} />
    </div>
  );
});
