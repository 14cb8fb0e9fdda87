import { forwardRef, useContext, useEffect, useRef, useState } from 'react';
import type { CardState, FieldState, StepDef, StepState } from '../engine';
import { sameState } from '../engine/sameState';
import { CardForm, fieldId } from './CardForm';
import { Carousel } from './Carousel';
import type { PasteActions } from './PasteRows';
import { SpillDiagram } from './SpillDiagram';
import { StepIcon } from './StepIcon';
import { useCardNow, useStepNow, useStepSlice, useTotalsNow } from './stepSource';
import { useNarrow } from './useNarrow';
import { PreviewCtx, tr, useRender } from './context';
import { numberText } from '../words/numberText';
import { listText, NAMED_AT_MOST } from '../words/listText';

/** Callbacks of a step's cards and gate question. */
export interface StepActions {
  onAdd: () => void;
  /** cards pasted from a spreadsheet (steps declaring repeat.paste): previewed, added, undone */
  onPaste?: Omit<PasteActions, 'label' | 'hint' | 'add'>;
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
  {
    def: StepDef;
    step: StepState;
    showSummary?: boolean;
    /** changes at each press of Next or Submit: the error summary, when shown, then takes the focus */
    summaryFocus?: number;
    /** where the step stands in the wizard, shown above its heading ('Étape 3 sur 5') */
    progress?: { current: number; count: number };
  } & StepActions
>(function StepView(
  { def, step, showSummary, summaryFocus = 0, progress, onAdd, onPaste, onDuplicate, onDelete, onGate },
  headingRef,
) {
  const { t } = useRender();
  const preview = useContext(PreviewCtx);
  const gateId = `${step.key}-gate`;
  const [showCard, setShowCard] = useState<{ index: number; id: string } | null>(null);
  // a list of cards focuses the field itself, once the card's page is drawn (Carousel)
  useEffect(() => {
    if (showCard && !step.repeat) document.getElementById(showCard.id)?.focus();
  }, [showCard, step.repeat]);
  const narrow = useNarrow();
  const diagram =
    def.diagram && step.repeat && !(step.gate && !step.gate.open) ? (
      <DiagramNow def={def} step={step} />
    ) : null;
  return (
    <section className={`step step-${step.key} step-bg-${step.icon}`} aria-labelledby={`${step.key}-title`}>
      {progress ? (
        <p className="step-progress" id={`${step.key}-progress`}>
          {t('common.step_of', progress)}
        </p>
      ) : null}
      <h2
        id={`${step.key}-title`}
        ref={headingRef}
        tabIndex={-1}
        aria-describedby={progress ? `${step.key}-progress` : undefined}
      >
        <StepIcon name={step.icon} /> {t(step.title)}
      </h2>
      <ErrorSummary
        step={step}
        shown={showSummary ?? false}
        focus={summaryFocus}
        onShow={(card, id) => setShowCard({ index: card, id })}
      />
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
      {narrow ? null : preview?.step(step.key)}
      {diagram && !narrow ? diagram : null}
      {step.repeat ? (
        step.gate && !step.gate.open ? null : (
          <Carousel
            // each step's cards start on their first page: the page left on another step is not this one's
            key={step.key}
            step={step}
            def={def}
            perPage={def.repeat?.perPage ?? 3}
            addLabel={def.repeat?.add?.label}
            onAdd={onAdd}
            paste={def.repeat?.paste && onPaste ? { ...def.repeat.paste, ...onPaste } : undefined}
            onDuplicate={onDuplicate}
            onDelete={onDelete}
            showCard={showCard}
          />
        )
      ) : step.cards[0] ? (
        <div className="card card-single">
          <SingleCard step={step} def={def} />
        </div>
      ) : null}
      {/* on a phone the live figures and the picture follow the cards: the first field shows without scrolling */}
      {narrow ? preview?.step(step.key) : null}
      {diagram && narrow ? diagram : null}
      <StepTotals step={step} />
    </section>
  );
});

/** The form of a step that is not a list of cards, drawn from its card as it stands now. */
function SingleCard({ step, def }: { step: StepState; def: StepDef }) {
  const card = useCardNow(step, 0);
  return card ? <CardForm card={card} idPrefix={step.key} def={def} /> : null;
}

/** The spill diagram, drawn from every card as it stands now. */
function DiagramNow({ def, step }: { def: StepDef; step: StepState }) {
  return <SpillDiagram def={def} step={useStepNow(step)} />;
}

/** The step's totals, drawn again when their figures change. */
function StepTotals({ step }: { step: StepState }) {
  const { t, lang = 'fr' } = useRender();
  const totals = useTotalsNow(step);
  return totals.length > 0 ? (
    <dl className="totals">
      {totals.map((x) => (
        <div key={x.label}>
          <dt>{t(x.label)}</dt>
          <dd>
            {numberText(x.value, lang, 3)} {x.unit ? t(x.unit) : ''}
          </dd>
        </div>
      ))}
    </dl>
  ) : null;
}

/** A problem of the error summary: the field's card, its id, and what to say. */
interface Problem {
  card: number;
  id: string;
  cardTitle: CardState['title'];
  label: string;
  message: FieldState['message'];
}

const NO_PROBLEMS: Problem[] = [];

/** Every problem of a step that blocks (a field with a message of severity 2), card by card. */
const problemsOf = (step: StepState): Problem[] =>
  step.cards.flatMap((c) =>
    c.fields
      .filter((f) => f.visible && f.severity === 2 && f.message)
      .map((f) => ({
        card: c.index,
        id: fieldId(step.repeat ? `${step.key}-${c.index}` : step.key, f.field),
        cardTitle: c.title,
        label: f.label,
        message: f.message,
      })),
  );
const none = () => NO_PROBLEMS;

/** An entry of the error summary: a link to the field of `first`, and its words. */
interface Entry {
  first: Problem;
  text: string;
}

/**
 * The summary's entries in words: a problem per card; in a repeated step, the same field with the same
 * message on more than NAMED_AT_MOST cards is one entry naming the first cards and counting the others,
 * linked to the first (30 pasted roofs without a growing medium: one entry, not 30 links of five lines
 * each on a phone).
 */
function entriesOf(step: StepState, problems: Problem[], t: ReturnType<typeof useRender>['t']): Entry[] {
  if (!step.repeat)
    return problems.map((p) => ({
      first: p,
      text: t('common.problem', { field: t(p.label), message: tr(t, p.message) }),
    }));
  const groups = new Map<string, { field: string; message: string; cards: Problem[] }>();
  for (const p of problems) {
    const field = t(p.label);
    const message = tr(t, p.message);
    const key = `${field}\n${message}`;
    const group = groups.get(key) ?? { field, message, cards: [] };
    group.cards.push(p);
    groups.set(key, group);
  }
  return [...groups.values()].flatMap(({ field, message, cards }) =>
    cards.length > NAMED_AT_MOST
      ? [
          {
            first: cards[0]!,
            text: t('common.problem_in_card', {
              card: listText(
                cards.map((p) => tr(t, p.cardTitle)),
                t,
              ),
              field,
              message,
            }),
          },
        ]
      : cards.map((p) => ({
          first: p,
          text: t('common.problem_in_card', { card: tr(t, p.cardTitle), field, message }),
        })),
  );
}

/**
 * The GOV.UK error summary, after Next or Submit on a step that blocks (`shown`): every problem as a link
 * to its field, drawn again when the problems change. A new `focus` (each press of Next or Submit) moves
 * the focus to it when it has problems.
 */
function ErrorSummary({
  step,
  shown,
  focus,
  onShow,
}: {
  step: StepState;
  shown: boolean;
  focus: number;
  onShow: (card: number, id: string) => void;
}) {
  const { t } = useRender();
  const problems = useStepSlice(step, shown ? problemsOf : none, sameState);
  const summaryRef = useRef<HTMLDivElement>(null);
  const hasProblems = problems.length > 0;
  useEffect(() => {
    if (focus > 0 && hasProblems) summaryRef.current?.focus();
    // only a press of Next or Submit moves the focus, not a problem fixed or made meanwhile
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus]);
  if (!hasProblems) return null;
  return (
    <div
      ref={summaryRef}
      className="error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby={`${step.key}-problems`}
    >
      <h3 id={`${step.key}-problems`}>{t('common.problems', { count: problems.length })}</h3>
      <ul>
        {entriesOf(step, problems, t).map(({ first: p, text }) => (
          <li key={p.id}>
            <a
              href={`#${p.id}`}
              onClick={(e) => {
                e.preventDefault();
                onShow(p.card, p.id);
              }}
            >
              {text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
