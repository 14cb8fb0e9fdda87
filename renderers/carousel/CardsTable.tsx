import type { StepState } from '../../engine';
import { fieldText, isShown } from '../../words/fieldText';
import { tr, useRender } from '../context';
import { useStepNow } from '../stepSource';

/**
 * The cards of a repeating step as a table (the carousel's list view): a row per card headed by its
 * title, the first three fields shown, its state, and a button that opens it among the cards.
 */
export function CardsTable({ step: shape, onOpen }: { step: StepState; onOpen: (index: number) => void }) {
  const { t, lang = 'fr' } = useRender();
  // every card's fields, as they stand now
  const step = useStepNow(shape);
  // The list's columns: the first three fields shown. When the name is one of them, a row is headed by
  // the card's number alone ('Toiture 3'), not the name a second time.
  const columns = step.cards[0]?.fields.filter((f) => f.visible).slice(0, 3) ?? [];
  const nameShown = columns.some((f) => f.field === 'name');
  return (
    // on a phone the table scrolls in its own region; the page does not move sideways
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
              <th scope="row" className={nameShown ? undefined : 'card-name'}>
                {tr(
                  t,
                  nameShown && card.title.params
                    ? { ...card.title, params: { ...card.title.params, name: '', context: undefined } }
                    : card.title,
                ).trim()}
              </th>
              {columns.map((h) => {
                const f = card.fields.find((x) => x.field === h.field);
                return (
                  <td key={h.field} className={h.field === 'name' ? 'card-name' : undefined}>
                    {f && isShown(f) ? fieldText(f, t, lang) : ''}
                  </td>
                );
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
                <button type="button" className="button-secondary" onClick={() => onOpen(card.index)}>
                  {t('common.open_card')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
