import type { FieldTemplateProps, ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { useState } from 'react';
import { tr, useRender } from '../context';
import type { CardContext } from '../form';
import { fieldOf } from '../widgets/fieldProps';

type Props = FieldTemplateProps<unknown, RJSFSchema, CardContext>;

/**
 * One field, rjsf's FieldTemplate: label (rjsf's: the uiSchema's title, a message key; with a mark when
 * required, by the schema as rjsf says or by a check or `need` as the engine says), the widget (children),
 * the info panel behind a toggle (the mouse's button, out of the Tab order; Alt+I from the field, as its
 * description says) and the message (rjsf's errors for the field: the engine's, given as
 * extraErrors), announced to screen readers; disabled as rjsf says (CardForm's `ui:disabled`). What rjsf
 * does not know comes from the engine's state in formContext: visibility, kind, info, severity. An object (the card itself, a group such as the drainage)
 * is its fields alone; a field the engine hides, or does not show, is not drawn.
 */
export function FieldTemplate(props: Props) {
  const { id, children, rawErrors, label: title, required, disabled, readonly } = props;
  const { t } = useRender();
  const [open, setOpen] = useState(false);
  const state = fieldOf(props);
  if (!state) return props.schema.type === 'object' ? children : null;
  if (!state.visible) return null;
  const invalid = state.severity > 0;
  const message = rawErrors?.[0] ?? (state.message ? tr(t, state.message) : '');
  const label = (
    <span id={`${id}__label`} className="field-label">
      {t(title)}
      {required || state.required || state.need ? (
        <span className="field-mark" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </span>
  );
  const infoId = `${id}__info`;
  return (
    <div
      className={`field field-${state.kind}${invalid ? ` field-severity-${state.severity}` : ''}${disabled || readonly ? ' field-disabled' : ''}`}
      data-path={state.path}
    >
      <div className="field-head">
        {state.kind === 'boolean' ? label : <label htmlFor={id}>{label}</label>}
        {state.info ? (
          // named in the field's description (widgets/fieldProps.ts ariaOf), shown while the field has focus
          <span id={`${id}__infokey`} className="field-info-key visually-hidden">
            {t('common.info_key')}
          </span>
        ) : null}
      </div>
      {state.info ? (
        <div
          className="field-control"
          onKeyDown={(e) => {
            // Alt+I from the field opens or closes its help; Escape closes it (the field keeps the focus)
            if (e.altKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyI') {
              e.preventDefault();
              setOpen((o) => !o);
            } else if (e.key === 'Escape' && open) {
              e.preventDefault();
              setOpen(false);
            }
          }}
        >
          {children}
          {/* Out of the Tab order: Tab goes from field to field, so that what is typed after Tab lands in the
              next field (issue 37); the mouse and touch open it here, the keyboard with Alt+I. */}
          <button
            type="button"
            tabIndex={-1}
            className="field-info-toggle"
            aria-expanded={open}
            aria-controls={infoId}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">i</span>
            <span className="visually-hidden">{t('common.more_info', { label: t(title) })}</span>
          </button>
        </div>
      ) : (
        children
      )}
      {state.info ? (
        <p id={infoId} className="field-info" hidden={!open}>
          {t(state.info)}
        </p>
      ) : null}
      {invalid ? (
        <p id={`${id}__message`} className="field-message" role="alert">
          {message}
        </p>
      ) : message ? (
        // an advice (severity 0): said beside the field, the field not invalid, the user not interrupted
        <p id={`${id}__message`} className="field-message field-advice" role="status">
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
