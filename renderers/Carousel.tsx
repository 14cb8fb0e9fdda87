import { useState } from 'react';
import type { StepState } from '../engine';
import { CardForm } from './CardForm';
import { tr, useRender } from './context';
import { CardMenu } from './CardMenu';

/**
 * The cards of a repeating step, `perPage` at a time (3), with page arrows, an add card when the step
 * allows adding, and a menu per card (Duplicate; Delete only while more than one card exists).
 */
export function Carousel({
  step,
  perPage,
  addLabel,
  onAdd,
  onDuplicate,
  onDelete,
}: {
  step: StepState;
  perPage: number;
  addLabel?: string | undefined;
  onAdd: () => void;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
}) {
  const { t } = useRender();
  const slots = step.cards.length + (step.canAdd ? 1 : 0);
  const pages = Math.max(1, Math.ceil(slots / perPage));
  const [page, setPage] = useState(0);
  const shown = Math.min(page, pages - 1);
  const from = shown * perPage;
  const cards = step.cards.slice(from, from + perPage);
  const addShown = step.canAdd && step.cards.length >= from && step.cards.length < from + perPage;
  // Cards to correct on the other pages, so that an error out of sight is still flagged.
  const before = step.cards.slice(0, from).filter((c) => c.severity === 2).length;
  const after = step.cards.slice(from + perPage).filter((c) => c.severity === 2).length;
  return (
    <div className="carousel" aria-roledescription="carousel">
      <button
        type="button"
        className="carousel-arrow"
        disabled={shown === 0}
        onClick={() => setPage(shown - 1)}
        aria-label={
          before
            ? `${t('common.page_previous')} (${t('common.cards_to_fix', { count: before })})`
            : t('common.page_previous')
        }
      >
        ‹
        {before ? (
          <span className="arrow-flag" aria-hidden="true">
            !
          </span>
        ) : null}
      </button>
      <ul className="carousel-cards">
        {cards.map((card) => (
          <li key={card.index} className={`card card-severity-${card.severity}`}>
            <div className="card-head">
              <h3 className="card-title">{tr(t, card.title)}</h3>
              <CardMenu
                canDuplicate={step.canDuplicate}
                canDelete={step.canDelete}
                onDuplicate={() => onDuplicate(card.index)}
                onDelete={() => onDelete(card.index)}
              />
            </div>
            <CardForm card={card} idPrefix={`${step.key}-${card.index}`} />
          </li>
        ))}
        {addShown ? (
          <li className="card card-add">
            <button type="button" onClick={onAdd}>
              <span aria-hidden="true">+</span> {t(addLabel ?? 'common.add')}
            </button>
          </li>
        ) : null}
      </ul>
      <button
        type="button"
        className="carousel-arrow"
        disabled={shown >= pages - 1}
        onClick={() => setPage(shown + 1)}
        aria-label={
          after
            ? `${t('common.page_next')} (${t('common.cards_to_fix', { count: after })})`
            : t('common.page_next')
        }
      >
        ›
        {after ? (
          <span className="arrow-flag" aria-hidden="true">
            !
          </span>
        ) : null}
      </button>
      <p className="carousel-page" aria-live="polite">
        {t('common.page_of', { page: shown + 1, pages })}
        {before + after ? (
          <span className="carousel-flag">
            {' '}
            · {t('common.cards_to_fix_elsewhere', { count: before + after })}
          </span>
        ) : null}
      </p>
    </div>
  );
}
