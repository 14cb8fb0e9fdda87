import { evaluate, type Bundle, type PreviewFigure } from '../../engine';
import { figureText } from '../../renderers/resultsText';
import type { Preview } from '../state/usePreview';

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
export function PreviewPanel({
  preview,
  bundle,
  missing,
  t,
  lang,
}: {
  preview: Preview;
  bundle: Bundle;
  /** the first reason the preview cannot be computed, in words */
  missing: string;
  t: T;
  lang: string;
}) {
  if (preview.state === 'off' || !bundle.preview) return null;
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
}

/** In a card: its own figures from the entry of the results' list at its index. */
export function PreviewCard({
  preview,
  bundle,
  index,
  t,
  lang,
}: {
  preview: Preview;
  bundle: Bundle;
  index: number;
  t: T;
  lang: string;
}) {
  const cards = bundle.preview?.cards;
  const results = preview.state === 'ready' || preview.state === 'computing' ? preview.results : null;
  const entry = cards && results ? (results[cards.list] as unknown[] | undefined)?.[index] : undefined;
  if (!cards || entry === undefined) return null;
  return (
    <div className="card-preview" aria-label={t('app.preview.title')}>
      <Figures figures={cards.figures} scope={entry} t={t} lang={lang} />
    </div>
  );
}
