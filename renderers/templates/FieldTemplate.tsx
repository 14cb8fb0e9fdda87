import { useState, type ReactNode } from 'react';
import type { FieldState } from '../../engine';
import { tr, useRender } from '../context';

/**
 * One field: label (with a mark when required or needed), the widget (children), the info panel behind a
 * toggle and the severity message, announced to screen readers.
 */
export function FieldTemplate({
  id,
  state,
  children,
}: {
  id: string;
  state: FieldState;
  children: ReactNode;
}) {
  const { t } = useRender();
  const [open, setOpen] = useState(false);
  const invalid = state.severity > 0;
  const label = (
    <span id={`${id}__label`} className="field-label">
      {t(state.label)}
      {state.required || state.need ? (
        <span className="field-mark" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </span>
  );
  return (
    <div
      className={`field field-${state.kind}${invalid ? ` field-severity-${state.severity}` : ''}${state.disabled ? ' field-disabled' : ''}`}
      data-path={state.path}
    >
      <div className="field-head">
        {state.kind === 'boolean' ? label : <label htmlFor={id}>{label}</label>}
      </div>
      {/* The info button follows its input: Tab from one field reaches the next field's input first, so
          that typing after Tab goes where the user expects (it once went into the next field's button). */}
      {state.info ? (
        <div className="field-control">
          {children}
          <button
            type="button"
            className="field-info-toggle"
            aria-expanded={open}
            aria-controls={`${id}__info`}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">i</span>
            <span className="visually-hidden">{t('common.more_info', { label: t(state.label) })}</span>
          </button>
        </div>
      ) : (
        children
      )}
      {state.info ? (
        <p id={`${id}__info`} className="field-info" hidden={!open}>
          {t(state.info)}
        </p>
      ) : null}
      {invalid ? (
        <p id={`${id}__message`} className="field-message" role="alert">
          {tr(t, state.message)}
        </p>
      ) : null}
    </div>
  );
}
