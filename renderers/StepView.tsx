import { forwardRef } from 'react';
import type { StepDef, StepState } from '../engine';
import { CardForm } from './CardForm';
import { Carousel } from './Carousel';
import { StepIcon } from './StepIcon';
import { useRender } from './context';
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
export const StepView = forwardRef<HTMLHeadingElement, { def: StepDef; step: StepState } & StepActions>(
  function StepView({ def, step, onAdd, onDuplicate, onDelete, onGate }, headingRef) {
    const { t, lang = 'fr' } = useRender();
    const gateId = `${step.key}-gate`;
    return (
      <section className={`step step-${step.key} step-bg-${step.icon}`} aria-labelledby={`${step.key}-title`}>
        <h2 id={`${step.key}-title`} ref={headingRef} tabIndex={-1}>
          <StepIcon name={step.icon} /> {t(step.title)}
        </h2>
        {step.gate ? (
          <fieldset className="gate">
            <legend id={gateId}>{t(step.gate.question)}</legend>
            {[true, false].map((v) => (
              <label key={String(v)} className="field-choice">
                <input
                  type="radio"
                  name={gateId}
                  checked={step.gate?.open === v}
                  onChange={() => onGate(v)}
                />
                {t(v ? 'common.yes' : 'common.no')}
              </label>
            ))}
          </fieldset>
        ) : null}
        {step.repeat ? (
          step.gate && !step.gate.open ? null : (
            <Carousel
              step={step}
              perPage={def.repeat?.perPage ?? 3}
              addLabel={def.repeat?.add?.label}
              onAdd={onAdd}
              onDuplicate={onDuplicate}
              onDelete={onDelete}
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
  },
);
