import { memo } from 'react';
import { evaluate, type Bundle, type PreviewFigure } from '../../engine';
import { figureText } from '../../renderers/resultsText';
import { reasonText } from '../reasonText';
import { usePreviewValue, type PreviewStore } from '../state/usePreview';

type T = (key: string, params?: Record<string, unknown>) => string;

/** Figures as "label value unit", the value from the bundle's json-logic over `scope`. */
function Figures({
  figures,
  scope,
  t,
  lang,
}: {
  figures: PreviewFigure[];
  scope: unknown;
  t: T;
  lang: string;
}) {
  return (
    <dl className="preview-figures">
      {figures.map((f) => {
        return (
          <div key={f.label}>
            <dt>{t(f.label)}</dt>
            <dd>{figureText(evaluate(f.value, scope), f.unit, f.digits ?? 1, t, lang)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Above the cards: the site's figures as typed, or what is missing for them, or that they are coming. */
export const PreviewPanel = memo(function PreviewPanel({
  store,
  bundle,
  t,
  lang,
}: {
  store: PreviewStore;
  bundle: Bundle;
  t: T;
  lang: string;
}) {
  const preview = usePreviewValue(store);
  if (!bundle.preview) return null;
  // the first reason the preview cannot be computed, in words (read in the answers it was asked for)
  const missing =
    preview.state === 'missing' && preview.reasons[0]
      ? reasonText(preview.reasons[0], bundle, preview.form, t)
      : '';
  const results = preview.state === 'ready' || preview.state === 'computing' ? preview.results : null;
  return (
    <section
      className="preview"
      aria-label={t('app.preview.title')}
      aria-busy={preview.state === 'computing'}
      data-state={preview.state}
    >
      <h3 className="preview-title">{t('app.preview.title')}</h3>
      {results ? <Figures figures={bundle.preview.site} scope={results} t={t} lang={lang} /> : null}
      <p className="preview-status" role="status">
        {preview.state === 'computing'
          ? t('app.preview.computing')
          : preview.state === 'missing'
            ? t('app.preview.missing', { reason: missing })
            : preview.state === 'failed'
              ? t('app.preview.failed')
              : ''}
      </p>
    </section>
  );
});

/** In a card: its own figures from the entry of the results' list at its index. */
export const PreviewCard = memo(function PreviewCard({
  store,
  bundle,
  index,
  t,
  lang,
}: {
  store: PreviewStore;
  bundle: Bundle;
  index: number;
  t: T;
  lang: string;
}) {
  const preview = usePreviewValue(store);
  const cards = bundle.preview?.cards;
  const results = preview.state === 'ready' || preview.state === 'computing' ? preview.results : null;
  const entry = cards && results ? (results[cards.list] as unknown[] | undefined)?.[index] : undefined;
  if (!cards || entry === undefined) return null;
  return (
    <div className="card-preview" aria-label={t('app.preview.title')}>
      <Figures figures={cards.figures} scope={entry} t={t} lang={lang} />
    </div>
  );
});
