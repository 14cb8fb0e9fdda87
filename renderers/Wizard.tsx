import { useEffect, useRef, useState } from 'react';
import type { Bundle, FormState, PasteChoice, PasteReceipt, StepStatus } from '../engine';
import type { PastePreview } from './PasteRows';
import { canCalculate, isFormValid } from '../engine';
import type { StepActions } from './StepView';
import { StepView } from './StepView';
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
  };
  onDuplicate: (stepKey: string, index: number) => void;
  onDelete: (stepKey: string, index: number) => void;
  onGate: (stepKey: string, open: boolean) => void;
}

/**
 * A whole calculator wizard drawn from a bundle and the engine's FormState: timeline, the current step,
 * footer. Controlled: it holds no form state. Focus moves to the step heading when the step changes.
 */
export function Wizard({
  bundle,
  state,
  statuses,
  current,
  busy,
  ...actions
}: {
  bundle: Bundle;
  state: FormState;
  statuses: StepStatus[];
  current: number;
  busy?: boolean;
} & WizardActions) {
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
  const step = state.steps[current];
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
          },
        }
      : {}),
    onDuplicate: (i) => actions.onDuplicate(step.key, i),
    onDelete: (i) => actions.onDelete(step.key, i),
    onGate: (open) => actions.onGate(step.key, open),
  };
  // Submit is enabled when the calculation may run; otherwise the footer says why (the steps to complete,
  // or the bundle's own requirement: sl needs one drain over all roofs). The step on screen, once checked,
  // counts as it stands now: on the last step, which has no Next, correcting what blocked it enables Submit.
  const live = statuses.map((s, i) => (i === current && s >= 2 ? (state.steps[i]?.result ?? s) : s));
  const may = canCalculate(bundle, state, live);
  const valid = may.ok;
  const reason = may.ok
    ? null
    : may.reason.key === 'errors.form_invalid'
      ? {
          key: 'common.submit_blocked',
          params: {
            steps: state.steps
              .filter((s, i) => s.result !== 1 || !isFormValid([live[i] ?? 0]))
              .map((s) => s.title),
          },
        }
      : may.reason;
  return (
    <div className="wizard">
      <Timeline steps={state.steps} statuses={statuses} current={current} onJump={actions.onJump} />
      <StepView
        ref={heading}
        def={def}
        step={step}
        showSummary={(statuses[current] ?? 0) === 3}
        summaryFocus={pressed}
        progress={{ current: current + 1, count: state.steps.length }}
        {...stepActions}
      />
      <WizardFooter
        current={current}
        count={state.steps.length}
        canSubmit={valid}
        blockedReason={reason}
        submitLabel={bundle.review?.continue ?? bundle.submit ?? 'common.submit'}
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
