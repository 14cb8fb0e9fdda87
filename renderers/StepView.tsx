import { forwardRef, useContext, useEffect, useState } from 'react';
import type { StepDef, StepState } from '../engine';
import { CardForm, fieldId } from './CardForm';
import { Carousel } from './Carousel';
import { StepIcon } from './StepIcon';
import { PreviewCtx, tr, useRender } from './context';
import { numberText } from './resultsText';

/** Callbacks of a step's cards and gate question. */
export interface StepActions {
  onAdd: () => void;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
  onGate: (open: boolean) => void;
}

/**
 * One wizard step: its heading (focusable, so focus moves to it on a step change), the gate question when
 * the step has one, its single form or its card carousel, and its totals.
 */
export const StepView = forwardRef<
  HTMLHeadingElement,
  { def: StepDef; step: StepState; showSummary?: boolean } & StepActions
>(function StepView({ def, step, showSummary, onAdd, onDuplicate, onDelete, onGate }, headingRef) {
  const { t, lang = 'fr' } = useRender();
  const preview = useContext(PreviewCtx);
  const gateId = `${step.key}-gate`;
  const [showCard, setShowCard] = useState<{ index: number; id: string } | null>(null);
  useEffect(() => {
    if (showCard) document.getElementById(showCard.id)?.focus();
  }, [showCard]);
  // The GOV.UK error summary: after Next on a step that blocks, every problem as a link to its field.
  const problems = showSummary
    ? step.cards.flatMap((c) =>
        c.fields
          .filter((f) => f.visible && f.severity === 2 && f.message)
          .map((f) => ({
            card: c.index,
            id: fieldId(step.repeat ? `${step.key}-${c.index}` : step.key, f.field),
            text: `${step.repeat ? `${tr(t, c.title)} – ` : ''}${t(f.label)} : ${tr(t, f.message)}`,
          })),
      )
    : [];
  return (
    <section className={`step step-${step.key} step-bg-${step.icon}`} aria-labelledby={`${step.key}-title`}>
      <h2 id={`${step.key}-title`} ref={headingRef} tabIndex={-1}>
        <StepIcon name={step.icon} /> {t(step.title)}
      </h2>
      {problems.length ? (
        <div className="error-summary" role="alert" aria-labelledby={`${step.key}-problems`}>
          <h3 id={`${step.key}-problems`}>{t('common.problems', { count: problems.length })}</h3>
          <ul>
            {problems.map((p) => (
              <li key={p.id}>
                <a
                  href={`#${p.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    setShowCard({ index: p.card, id: p.id });
                  }}
                >
                  {p.text}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {step.gate ? (
        <fieldset className="gate">
          <legend id={gateId}>{t(step.gate.question)}</legend>
          {[true, false].map((v) => (
            <label key={String(v)} className="field-choice">
              <input type="radio" name={gateId} checked={step.gate?.open === v} onChange={() => onGate(v)} />
              {t(v ? 'common.yes' : 'common.no')}
            </label>
          ))}
        </fieldset>
      ) : null}
      {preview?.step(step.key)}
      {step.repeat ? (
        step.gate && !step.gate.open ? null : (
          <Carousel
            step={step}
            perPage={def.repeat?.perPage ?? 3}
            addLabel={def.repeat?.add?.label}
            onAdd={onAdd}
            onDuplicate={onDuplicate}
            onDelete={onDelete}
            showCard={showCard?.index ?? null}
          />
        )
      ) : step.cards[0] ? (
        <div className="card card-single">
          <CardForm card={step.cards[0]} idPrefix={step.key} />
        </div>
      ) : null}
      {step.totals.length > 0 ? (
        <dl className="totals">
          {step.totals.map((x) => (
            <div key={x.label}>
              <dt>{t(x.label)}</dt>
              <dd>
                {numberText(x.value, lang, 3)} {x.unit ? t(x.unit) : ''}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
});
