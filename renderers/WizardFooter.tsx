import { useRender } from './context';

/** Previous (hidden on the first step), Next, and on the last step Submit, disabled unless the form is valid. */
export function WizardFooter({
  current,
  count,
  canSubmit,
  submitLabel,
  busy,
  onPrevious,
  onNext,
  onSubmit,
}: {
  current: number;
  count: number;
  canSubmit: boolean;
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
        <button type="button" className="button-primary" onClick={onSubmit} disabled={!canSubmit || busy}>
          {t(submitLabel)}
        </button>
      ) : (
        <button type="button" className="button-primary" onClick={onNext} disabled={busy}>
          {t('common.next')}
        </button>
      )}
    </footer>
  );
}
