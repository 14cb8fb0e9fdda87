import { useContext, useEffect, useRef, useState } from 'react';
import type { StepDef, StepState } from '../engine';
import { CardForm } from './CardForm';
import { PreviewCtx, tr, useRender } from './context';
import { CardMenu } from './CardMenu';
import { PasteRows, type PasteActions, type PasteOutcome } from './PasteRows';
import { fieldText, isShown } from '../words/fieldText';

/** Cards a page shows on this screen: 1 on a phone (< 768 px), 2 on a tablet (< 1200 px), else the bundle's. */
export function useCardsPerPage(max: number): number {
  const query = (q: string) =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(q) : null;
  const pick = () =>
    query('(max-width: 767px)')?.matches ? 1 : query('(max-width: 1199px)')?.matches ? Math.min(2, max) : max;
  const [n, setN] = useState(pick);
  useEffect(() => {
    const lists = ['(max-width: 767px)', '(max-width: 1199px)'].map(query).filter((x) => x !== null);
    const update = () => setN(pick());
    lists.forEach((l) => l.addEventListener('change', update));
    update();
    return () => lists.forEach((l) => l.removeEventListener('change', update));
    // pick reads only `max`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [max]);
  return n;
}

/**
 * The cards of a repeating step, `perPage` at a time (3), with page arrows, an add card when the step
 * allows adding, and a menu per card (Duplicate; Delete only while more than one card exists).
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
  /** a card to bring into view (the error summary's link): its page is shown */
  showCard?: number | null;
  step: StepState;
  /** the step's definition (its cards' schema and uiSchema); absent, each card's fields make one */
  def?: StepDef | undefined;
  perPage: number;
  addLabel?: string | undefined;
  onAdd: () => void;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
}) {
  const { t, lang = 'fr' } = useRender();
  const preview = useContext(PreviewCtx);
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
  useEffect(() => {
    if (showCard === null) return;
    setView('cards');
    setStart(Math.floor(showCard / perPage) * perPage);
  }, [showCard, perPage]);
  const counted = useRef(count);
  useEffect(() => {
    if (count > counted.current) setStart(Math.max(0, count - perPage));
    counted.current = count;
  }, [count, perPage]);
  const from = Math.min(start, lastStart);
  const pages = Math.max(1, Math.ceil(count / perPage));
  const shown = Math.min(pages - 1, Math.ceil(from / perPage));
  const cards = step.cards.slice(from, from + perPage);
  // Adding is offered on every page: as a card where the window has room, else beside the page arrows.
  const addShown = step.canAdd && cards.length < perPage;
  const addButton =
    step.canAdd && !addShown ? (
      <button type="button" className="button-secondary carousel-add" onClick={onAdd}>
        <span aria-hidden="true">+</span> {t(addLabel ?? 'common.add')}
      </button>
    ) : null;
  // Cards to correct on the other pages, so that an error out of sight is still flagged.
  const before = step.cards.slice(0, from).filter((c) => c.severity === 2).length;
  const after = step.cards.slice(from + perPage).filter((c) => c.severity === 2).length;
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
  // The list's columns: the first three fields shown. When the name is one of them, a row is headed by
  // the card's number alone ('Toiture 3'), not the name a second time.
  const columns = step.cards[0]?.fields.filter((f) => f.visible).slice(0, 3) ?? [];
  const nameShown = columns.some((f) => f.field === 'name');
  if (view === 'list' && step.cards.length > perPage)
    return (
      <div className="carousel-list">
        <div className="carousel-tools">
          {toggle}
          {pasteRows}
        </div>
        {/* on a phone the table scrolls in its own region; the page does not move sideways */}
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t(step.title)}>
          <table className="results-table cards-table">
            <thead>
              <tr>
                <th scope="col">{t('common.card')}</th>
                {columns.map((f) => (
                  <th key={f.field} scope="col">
                    {t(f.label)}
                  </th>
                ))}
                <th scope="col">{t('common.card_state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.open_card')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {step.cards.map((card) => (
                <tr key={card.index} className={`card-row card-severity-${card.severity}`}>
                  <th scope="row">
                    {tr(
                      t,
                      nameShown && card.title.params
                        ? { ...card.title, params: { ...card.title.params, name: '', context: undefined } }
                        : card.title,
                    ).trim()}
                  </th>
                  {columns.map((h) => {
                    const f = card.fields.find((x) => x.field === h.field);
                    return <td key={h.field}>{f && isShown(f) ? fieldText(f, t, lang) : ''}</td>;
                  })}
                  <td>
                    {t(
                      card.severity === 2
                        ? 'common.card_invalid'
                        : card.severity === 1
                          ? 'common.card_need'
                          : 'common.card_valid',
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button-secondary"
                      onClick={() => {
                        setStart(Math.floor(card.index / perPage) * perPage);
                        setView('cards');
                      }}
                    >
                      {t('common.open_card')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
      <div className="carousel" aria-roledescription="carousel">
        <button
          type="button"
          className="carousel-arrow"
          disabled={from === 0}
          onClick={() => setStart(Math.max(0, from - perPage))}
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
                <h3 className="card-title">
                  {tr(t, card.title).trim() || t('app.card_untitled', { index: card.index + 1 })}
                </h3>
                <CardMenu
                  canDuplicate={step.canDuplicate}
                  canDelete={step.canDelete}
                  onDuplicate={() => onDuplicate(card.index)}
                  onDelete={() => onDelete(card.index)}
                />
              </div>
              {preview?.card(step.key, card.index)}
              <CardForm card={card} idPrefix={`${step.key}-${card.index}`} def={def} />
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
          disabled={from >= lastStart}
          onClick={() => setStart(Math.min(lastStart, from + perPage))}
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
    </>
  );
}
