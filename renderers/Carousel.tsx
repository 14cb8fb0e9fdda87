import { useEffect, useRef, useState } from 'react';
import type { StepDef, StepState } from '../engine';
import { useRender } from './context';
import { PasteRows, type PasteActions, type PasteOutcome } from './PasteRows';
import { CardsTable } from './carousel/CardsTable';
import { CarouselPages } from './carousel/CarouselPages';
import { useCardsPerPage } from './carousel/useCardsPerPage';

export { useCardsPerPage };

/**
 * The cards of a repeating step, `perPage` at a time (3), with page arrows, an add card when the step
 * allows adding, and a menu per card (Duplicate; Delete only while more than one card exists)
 * (carousel/CarouselPages.tsx); past a page of cards, a switch to see them as a table
 * (carousel/CardsTable.tsx).
 */
export function Carousel({
  step,
  def,
  perPage: bundlePerPage,
  addLabel,
  onAdd,
  paste,
  onDuplicate,
  onDelete,
  showCard = null,
}: {
  /** the step's paste from a spreadsheet (repeat.paste), with what applies it */
  paste?: PasteActions | undefined;
  /** a card to bring into view (the error summary's link): its page is shown, then its field `id` focused */
  showCard?: { index: number; id: string } | null;
  step: StepState;
  /** the step's definition (its cards' schema and uiSchema); absent, each card's fields make one */
  def?: StepDef | undefined;
  perPage: number;
  addLabel?: string | undefined;
  onAdd: () => void;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
}) {
  const { t } = useRender();
  const perPage = useCardsPerPage(bundlePerPage);
  const count = step.cards.length;
  // The window of cards shown starts at `start`; the last window is full (the last `perPage` cards), so a
  // card added or duplicated (always at the end) shows among its neighbours, not alone on a new page.
  const lastStart = Math.max(0, count - perPage);
  const [start, setStart] = useState(0);
  const [view, setView] = useState<'cards' | 'list'>('cards');
  const [pasted, setPasted] = useState<PasteOutcome>({ said: '', done: null });
  const pasteRows = paste ? (
    <PasteRows {...paste} disabled={!step.canAdd} count={count} outcome={pasted} onOutcome={setPasted} />
  ) : null;
  // The field to focus once its card is drawn: on another page, only after the page has changed (a focus
  // asked in the same commit found no field, and left the focus on the summary's link).
  const toFocus = useRef<string | null>(null);
  useEffect(() => {
    if (showCard === null) return;
    setView('cards');
    setStart(Math.floor(showCard.index / perPage) * perPage);
    toFocus.current = showCard.id;
  }, [showCard, perPage]);
  useEffect(() => {
    const field = toFocus.current === null ? null : document.getElementById(toFocus.current);
    if (!field) return;
    toFocus.current = null;
    field.focus();
  });
  const counted = useRef(count);
  useEffect(() => {
    if (count > counted.current) setStart(Math.max(0, count - perPage));
    counted.current = count;
  }, [count, perPage]);
  const from = Math.min(start, lastStart);
  // Adding is offered on every page: as a card where the window has room, else beside the page arrows.
  const addShown = step.canAdd && step.cards.slice(from, from + perPage).length < perPage;
  const addButton =
    step.canAdd && !addShown ? (
      <button type="button" className="button-secondary carousel-add" onClick={onAdd}>
        <span aria-hidden="true">+</span> {t(addLabel ?? 'common.add')}
      </button>
    ) : null;
  const toggle =
    step.cards.length > perPage ? (
      <div className="view-switch" role="group" aria-label={t('common.view')}>
        {(['cards', 'list'] as const).map((v) => (
          <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
            {t(v === 'cards' ? 'common.view_cards' : 'common.view_list')}
          </button>
        ))}
      </div>
    ) : null;
  if (view === 'list' && step.cards.length > perPage)
    return (
      <div className="carousel-list">
        <div className="carousel-tools">
          {toggle}
          {pasteRows}
        </div>
        <CardsTable
          step={step}
          onOpen={(index) => {
            setStart(Math.floor(index / perPage) * perPage);
            setView('cards');
          }}
        />
        {step.canAdd ? (
          <button type="button" className="button-secondary" onClick={onAdd}>
            <span aria-hidden="true">+</span> {t(addLabel ?? 'common.add')}
          </button>
        ) : null}
      </div>
    );
  return (
    <>
      {toggle || addButton || paste ? (
        <div className="carousel-tools">
          {toggle}
          {pasteRows}
          {addButton}
        </div>
      ) : null}
      <CarouselPages
        step={step}
        def={def}
        from={from}
        perPage={perPage}
        addShown={addShown}
        addLabel={addLabel}
        onAdd={onAdd}
        onPage={setStart}
        onDuplicate={onDuplicate}
        onDelete={onDelete}
      />
    </>
  );
}
