import type { Ref } from 'react';
import { useRender } from '../context';
import { ariaOf, fieldWidget, type DrawProps } from './fieldProps';

/**
 * A select over the field's options (DrawProps.options). Starts on the placeholder ('Choisir une option'); in object-options
 * mode the engine gives the option indexes as values. The DOM holds option positions, so values of any
 * type (strings, numbers, booleans) come back unchanged.
 */
export function SelectInput(
  props: DrawProps & {
    selectRef?: Ref<HTMLSelectElement>;
    /** each option's label as its box shows it (shorter), its whole text kept as the option's text */
    shown?: string[] | undefined;
  },
) {
  const { id, value, options, field, disabled, onChange, selectRef, shown } = props;
  const { t } = useRender();
  const selected = options.findIndex((o) => o.value === value);
  return (
    <select
      ref={selectRef}
      id={id}
      className="field-input"
      value={selected === -1 ? '' : String(selected)}
      disabled={disabled}
      onChange={(e) => {
        const o = e.target.value === '' ? undefined : options[Number(e.target.value)];
        onChange(o ? o.value : null);
      }}
      {...ariaOf(props)}
    >
      <option value="">{t(field?.placeholder ?? 'common.choose_option')}</option>
      {options.map((o, i) => {
        const text = o.literal ? o.label : t(o.label);
        const label = shown?.[i];
        return (
          <option
            key={`${String(o.value)}-${i}`}
            value={String(i)}
            {...(label !== undefined && label !== text ? { label, title: text } : {})}
          >
            {text}
          </option>
        );
      })}
    </select>
  );
}

export const SelectWidget = fieldWidget(SelectInput);
