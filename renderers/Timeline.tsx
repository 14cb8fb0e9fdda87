import type { StepState, StepStatus } from '../engine';
import { canJumpTo } from '../engine';
import { useRender } from './context';
import { StepIcon } from './StepIcon';

/**
 * The step timeline: each step current, valid or invalid by its status; a click jumps to it unless its
 * status is 0 (untouched). Buttons, so the keyboard reaches every step.
 */
export function Timeline({
  steps,
  statuses,
  current,
  onJump,
}: {
  steps: StepState[];
  statuses: StepStatus[];
  current: number;
  onJump: (index: number) => void;
}) {
  const { t } = useRender();
  return (
    <nav className="timeline" aria-label={t('common.timeline')}>
      <ol>
        {steps.map((s, i) => {
          const status = statuses[i] ?? 0;
          const state = i === current ? 'current' : status === 1 ? 'valid' : status >= 2 ? 'invalid' : 'todo';
          const jump = i !== current && canJumpTo(statuses, i);
          return (
            <li key={s.key} className={`timeline-step timeline-${state}`}>
              <button
                type="button"
                aria-current={i === current ? 'step' : undefined}
                aria-disabled={!jump && i !== current ? true : undefined}
                onClick={() => {
                  if (jump) onJump(i);
                }}
              >
                <span className="timeline-number" aria-hidden="true">
                  {i + 1}
                </span>
                <StepIcon name={s.icon} />
                <span className="timeline-label">{t(s.tab)}</span>
                <span className="visually-hidden"> ({t(`common.step_state.${state}`)})</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
