import { useContext, useMemo } from 'react';
import type { StepDef, StepState } from '../../engine';
import { CardForm } from '../CardForm';
import { CardMenu } from '../CardMenu';
import { PreviewCtx, tr, useRender } from '../context';
import { useCardNow } from '../stepSource';

/** A page arrow, flagged when cards to correct lie that way. */
function PageArrow({
  label,
  toFix,
  disabled,
  onClick,
  children,
}: {
  label: string;
  toFix: number;
  disabled: boolean;
  onClick: () => void;
  children: string;
}) {
  const { t } = useRender();
  return (
    <button
      type="button"
      className="carousel-arrow"
      disabled={disabled}
      onClick={onClick}
      aria-label={toFix ? `${t(label)} (${t('common.cards_to_fix', { count: toFix })})` : t(label)}
    >
      {children}
      {toFix ? (
        <span className="arrow-flag" aria-hidden="true">
          !
        </span>
      ) : null}
    </button>
  );
}

/**
 * The carousel's window of cards (from `from`, `perPage` of them) between its page arrows, each card with
 * its menu, the add card where the window has room, and which page this is (with the cards to correct on
 * the others).
 */
export function CarouselPages({
  step,
  def,
  from,
  perPage,
  addShown,
  addLabel,
  onAdd,
  onPage,
  onDuplicate,
  onDelete,
}: {
  step: StepState;
  def?: StepDef | undefined;
  from: number;
  perPage: number;
  addShown: boolean;
  addLabel?: string | undefined;
  onAdd: () => void;
  /** shows the window starting at this card */
  onPage: (start: number) => void;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
}) {
  const { t } = useRender();
  const count = step.cards.length;
  const lastStart = Math.max(0, count - perPage);
  const pages = Math.max(1, Math.ceil(count / perPage));
  const shown = Math.min(pages - 1, Math.ceil(from / perPage));
  const cards = step.cards.slice(from, from + perPage);
  // Cards to correct on the other pages, so that an error out of sight is still flagged.
  const before = step.cards.slice(0, from).filter((c) => c.severity === 2).length;
  const after = step.cards.slice(from + perPage).filter((c) => c.severity === 2).length;
  return (
    <div className="carousel" aria-roledescription="carousel">
      <PageArrow
        label="common.page_previous"
        toFix={before}
        disabled={from === 0}
        onClick={() => onPage(Math.max(0, from - perPage))}
      >
        ‹
      </PageArrow>
      <ul className="carousel-cards">
        {cards.map((card) => (
          <CarouselCard
            key={card.index}
            step={step}
            index={card.index}
            def={def}
            onDuplicate={onDuplicate}
            onDelete={onDelete}
          />
        ))}
        {addShown ? (
          <li className="card card-add">
            <button type="button" onClick={onAdd}>
              <span aria-hidden="true">+</span> {t(addLabel ?? 'common.add')}
            </button>
          </li>
        ) : null}
      </ul>
      <PageArrow
        label="common.page_next"
        toFix={after}
        disabled={from >= lastStart}
        onClick={() => onPage(Math.min(lastStart, from + perPage))}
      >
        ›
      </PageArrow>
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

/**
 * One card of the carousel with its heading (its title), its menu and its live figures, drawn from the
 * card as it stands now: a key typed into it redraws this card, not the carousel around it.
 */
function CarouselCard({
  step,
  index,
  def,
  onDuplicate,
  onDelete,
}: {
  step: StepState;
  index: number;
  def?: StepDef | undefined;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
}) {
  const { t } = useRender();
  const preview = useContext(PreviewCtx);
  const card = useCardNow(step, index);
  const { canDuplicate, canDelete } = step;
  // the menu is not drawn again by a key in the card
  const menu = useMemo(
    () => (
      <CardMenu
        canDuplicate={canDuplicate}
        canDelete={canDelete}
        onDuplicate={() => onDuplicate(index)}
        onDelete={() => onDelete(index)}
      />
    ),
    [canDuplicate, canDelete, onDuplicate, onDelete, index],
  );
  if (!card) return null;
  return (
    <li className={`card card-severity-${card.severity}`}>
      <div className="card-head">
        <h3 className="card-title">
          {tr(t, card.title).trim() || t('app.card_untitled', { index: card.index + 1 })}
        </h3>
        {menu}
      </div>
      {preview?.card(step.key, card.index)}
      <CardForm card={card} idPrefix={`${step.key}-${card.index}`} def={def} />
    </li>
  );
}
