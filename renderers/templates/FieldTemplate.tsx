import type { FieldTemplateProps, ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { useState } from 'react';
import { tr, useRender } from '../context';
import type { CardContext } from '../form';
import { fieldOf } from '../widgets/fieldProps';

type Props = FieldTemplateProps<unknown, RJSFSchema, CardContext>;

/**
 * One field, rjsf's FieldTemplate: label (with a mark when required or needed), the widget (children),
 * the info panel behind a toggle and the message (rjsf's errors for the field: the engine's, given as
 * extraErrors), announced to screen readers. An object (the card itself, a group such as the drainage)
 * is its fields alone; a field the engine hides, or does not show, is not drawn.
 */
export function FieldTemplate(props: Props) {
  const { id, children, rawErrors } = props;
  const { t } = useRender();
  const [open, setOpen] = useState(false);
  const state = fieldOf(props);
  if (!state) return props.schema.type === 'object' ? children : null;
  if (!state.visible) return null;
  const invalid = state.severity > 0;
  const message = rawErrors?.[0] ?? (state.message ? tr(t, state.message) : '');
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
          {message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An object's fields, rjsf's ObjectFieldTemplate: drawn one after the other, with no fieldset or title,
 * so that a group's fields (drainage.horizontal, drainage.vertical) sit among the card's others as the
 * bundle orders them.
 */
export function ObjectFieldTemplate({
  properties,
}: ObjectFieldTemplateProps<unknown, RJSFSchema, CardContext>) {
  return <>{properties.map((p) => (p.hidden ? null : p.content))}</>;
}
