import { atom, useAtomValue, type Atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { forwardRef, useEffect, useMemo, useRef, useState } from 'react';
import type { Bundle, FormState, PasteChoice, PasteReceipt, StepState, StepStatus } from '../engine';
import type { PastePreview } from '../engine';
import { canCalculate, isFormValid } from '../engine';
import type { StepActions } from './StepView';
import { StepView } from './StepView';
import { sameShape, StepSource } from './stepSource';
import { Timeline } from './Timeline';
import { WizardFooter } from './WizardFooter';

/** What the wizard reports; the owner of the state applies it through the engine. */
export interface WizardActions {
  onJump: (index: number) => void;
  onPrevious: () => void;
  onNext: () => void;
  onSubmit: () => void;
  onAdd: (stepKey: string) => void;
  /** rows pasted from a spreadsheet into a step declaring repeat.paste: previewed, added, undone */
  onPaste?: {
    preview: (stepKey: string, text: string, choice?: PasteChoice) => PastePreview;
    add: (
      stepKey: string,
      text: string,
      choice: PasteChoice,
    ) => { added: number; skipped: number; receipt: PasteReceipt };
    undo: (receipt: PasteReceipt) => void;
    /** what a preview needs first (the words headings are read in): null when here, else its arrival */
    ready?: () => Promise<void> | null;
  };
  onDuplicate: (stepKey: string, index: number) => void;
  onDelete: (stepKey: string, index: number) => void;
  onGate: (stepKey: string, open: boolean) => void;
}

/** What the wizard is drawn from besides its state. */
type WizardProps = {
  bundle: Bundle;
  statuses: StepStatus[];
  current: number;
  busy?: boolean;
} & WizardActions;

/**
 * A whole calculator wizard drawn from a bundle and the engine's FormState: timeline, the current step,
 * footer. Controlled: it holds no form state. Focus moves to the step heading when the step changes.
 * The state is given as it is (`state`), or as a jotai atom holding it (`source`, the app's store): then
 * each part reads its own slice, so that a key typed into a card redraws that card alone (not its step nor
 * the carousel), the footer only when whether Submit may run changes, the timeline never.
 */
export function Wizard({
  state,
  source,
  ...props
}: WizardProps & ({ state: FormState; source?: never } | { source: Atom<FormState>; state?: never })) {
  const own = useMemo(() => (state ? atom(state) : null), [state]);
  return <WizardOf source={(source ?? own)!} {...props} />;
}

function WizardOf({
  bundle,
  source,
  statuses,
  current,
  busy,
  ...actions
}: WizardProps & { source: Atom<FormState> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // Each press of Next or Submit: a step that stays blocked moves focus to its error summary (GOV.UK).
  const [pressed, setPressed] = useState(0);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [current]);
  const def = bundle.steps[current];
  if (!def) throw new Error(`wizard: no step ${current} in bundle '${bundle.id}'`);
  return (
    <div className="wizard">
      <WizardTimeline source={source} statuses={statuses} current={current} onJump={actions.onJump} />
      <WizardStep
        ref={heading}
        source={source}
        bundle={bundle}
        statuses={statuses}
        current={current}
        pressed={pressed}
        {...actions}
      />
      <WizardSubmit
        source={source}
        bundle={bundle}
        statuses={statuses}
        current={current}
        busy={busy ?? false}
        onPrevious={actions.onPrevious}
        onNext={() => {
          actions.onNext();
          setPressed((n) => n + 1);
        }}
        onSubmit={() => {
          actions.onSubmit();
          setPressed((n) => n + 1);
        }}
      />
    </div>
  );
}

/** Whether two lists of steps draw the same timeline (a keystroke changes none of these). */
const sameTabs = (a: StepState[], b: StepState[]) =>
  a.length === b.length &&
  a.every((s, i) => s.key === b[i]?.key && s.tab === b[i]?.tab && s.icon === b[i]?.icon);

/** The timeline, from the steps' keys, tabs and icons alone. */
function WizardTimeline({
  source,
  ...props
}: { source: Atom<FormState> } & Omit<Parameters<typeof Timeline>[0], 'steps'>) {
  const steps = useAtomValue(useMemo(() => selectAtom(source, (s) => s.steps, sameTabs), [source]));
  return <Timeline steps={steps} {...props} />;
}

/**
 * The current step, drawn again when its shape changes (an edit on another step, or in one of its cards,
 * leaves it): its cards, totals and problems read their own slices of the step (StepSource).
 */
const WizardStep = forwardRef<
  HTMLHeadingElement,
  {
    source: Atom<FormState>;
    bundle: Bundle;
    statuses: StepStatus[];
    current: number;
    pressed: number;
  } & Omit<WizardActions, 'onJump' | 'onPrevious' | 'onNext' | 'onSubmit'>
>(function WizardStep({ source, bundle, statuses, current, pressed, ...actions }, heading) {
  // the step as it stands now, which its parts read by slices; the step itself, drawn again only when
  // its shape changes (heading, gate, menus, cards by number and severity), not at a key in a card
  const live = useMemo(() => selectAtom(source, (s) => s.steps[current]!), [source, current]);
  const step = useAtomValue(useMemo(() => selectAtom(live, (s) => s, sameShape), [live]));
  const def = bundle.steps[current];
  if (!step || !def) throw new Error(`wizard: no step ${current} in bundle '${bundle.id}'`);
  const stepActions: StepActions = {
    onAdd: () => actions.onAdd(step.key),
    ...(actions.onPaste
      ? {
          onPaste: {
            preview: (text: string, choice?: PasteChoice) => actions.onPaste!.preview(step.key, text, choice),
            onPaste: (text: string, choice: PasteChoice) => actions.onPaste!.add(step.key, text, choice),
            onUndo: actions.onPaste.undo,
            ready: actions.onPaste.ready,
          },
        }
      : {}),
    onDuplicate: (i) => actions.onDuplicate(step.key, i),
    onDelete: (i) => actions.onDelete(step.key, i),
    onGate: (open) => actions.onGate(step.key, open),
  };
  return (
    <StepSource.Provider value={live}>
      <StepView
        ref={heading}
        def={def}
        step={step}
        showSummary={(statuses[current] ?? 0) === 3}
        summaryFocus={pressed}
        progress={{ current: current + 1, count: bundle.steps.length }}
        {...stepActions}
      />
    </StepSource.Provider>
  );
});

/** Whether Submit may run, and if not why (a message key and its parameters). */
interface SubmitState {
  valid: boolean;
  reason: NonNullable<Parameters<typeof WizardFooter>[0]['blockedReason']> | null;
}

/**
 * Submit is enabled when the calculation may run; otherwise the footer says why (the steps to complete,
 * or the bundle's own requirement: sl needs one drain over all roofs). The step on screen, once checked,
 * counts as it stands now: on the last step, which has no Next, correcting what blocked it enables Submit.
 */
function submitState(bundle: Bundle, state: FormState, statuses: StepStatus[], current: number): SubmitState {
  const live = statuses.map((s, i) => (i === current && s >= 2 ? (state.steps[i]?.result ?? s) : s));
  const may = canCalculate(bundle, state, live);
  if (may.ok) return { valid: true, reason: null };
  return {
    valid: false,
    reason:
      may.reason.key === 'errors.form_invalid'
        ? {
            key: 'common.submit_blocked',
            params: {
              steps: state.steps
                .filter((s, i) => s.result !== 1 || !isFormValid([live[i] ?? 0]))
                .map((s) => s.title),
            },
          }
        : may.reason,
  };
}

/** Two submit states alike (their reasons are small: a key, a few step titles). */
const sameSubmit = (a: SubmitState, b: SubmitState) =>
  a.valid === b.valid && JSON.stringify(a.reason) === JSON.stringify(b.reason);

/** The footer, drawn again only when whether Submit may run (or why not) changes. */
function WizardSubmit({
  source,
  bundle,
  statuses,
  current,
  ...props
}: { source: Atom<FormState>; bundle: Bundle; statuses: StepStatus[]; current: number } & Pick<
  Parameters<typeof WizardFooter>[0],
  'busy' | 'onPrevious' | 'onNext' | 'onSubmit'
>) {
  const submit = useAtomValue(
    useMemo(
      () => selectAtom(source, (s) => submitState(bundle, s, statuses, current), sameSubmit),
      [source, bundle, statuses, current],
    ),
  );
  return (
    <WizardFooter
      current={current}
      count={bundle.steps.length}
      canSubmit={submit.valid}
      blockedReason={submit.reason}
      submitLabel={bundle.review?.continue ?? bundle.submit ?? 'common.submit'}
      {...props}
    />
  );
}
