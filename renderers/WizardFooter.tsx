import type { MessageRef } from '../engine';
import { useRender } from './context';

/** Previous (hidden on the first step), Next, and on the last step Submit, disabled unless the form is valid. */
export function WizardFooter({
  current,
  count,
  canSubmit,
  blockedReason,
  submitLabel,
  busy,
  onPrevious,
  onNext,
  onSubmit,
}: {
  current: number;
  count: number;
  canSubmit: boolean;
  /** why Submit is disabled: the steps to complete, or the bundle's requirement */
  blockedReason?: (MessageRef & { params?: { steps?: string[] } & Record<string, unknown> }) | null;
  submitLabel: string;
  busy?: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onSubmit: () => void;
}) {
  const { t } = useRender();
  const last = current === count - 1;
  return (
    <footer className="wizard-footer">
      {current > 0 ? (
        <button type="button" className="button-secondary" onClick={onPrevious} disabled={busy}>
          {t('common.previous')}
        </button>
      ) : (
        <span />
      )}
      {last ? (
        <div className="submit-wrap">
          {!canSubmit && blockedReason ? (
            <p id="submit-reason" className="submit-reason">
              {blockedReason.params?.steps
                ? t(blockedReason.key, { steps: blockedReason.params.steps.map((k) => t(k)).join(', ') })
                : t(blockedReason.key, blockedReason.params)}
            </p>
          ) : null}
          <button
            type="button"
            className="button-primary"
            onClick={onSubmit}
            disabled={!canSubmit || busy}
            aria-describedby={!canSubmit && blockedReason ? 'submit-reason' : undefined}
          >
            {t(submitLabel)}
          </button>
        </div>
      ) : (
        <button type="button" className="button-primary" onClick={onNext} disabled={busy}>
          {t('common.next')}
        </button>
      )}
    </footer>
  );
}
