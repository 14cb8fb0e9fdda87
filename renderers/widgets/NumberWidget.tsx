import { useEffect, useState } from 'react';
import { useRender } from '../context';
import { ariaOf, asText, fieldWidget, type FieldWidgetProps } from './fieldProps';

/**
 * A number with its unit. It keeps what the user types ('12,' on the way to '12,5') and sends the text to
 * the engine, which parses commas and dots and converts from the display unit.
 */
export const NumberWidget = fieldWidget(function NumberInput({ id, field }: FieldWidgetProps) {
  const { onEdit, t } = useRender();
  const shown = asText(field.display);
  const [text, setText] = useState(shown);
  useEffect(() => {
    setText((cur) => (Number(cur.replace(',', '.')) === field.display ? cur : shown));
  }, [shown, field.display]);
  return (
    <span className="number-with-unit">
      <input
        id={id}
        type="text"
        inputMode="decimal"
        className="field-input"
        value={text}
        disabled={field.disabled}
        onChange={(e) => {
          setText(e.target.value);
          onEdit({ path: field.path, value: e.target.value });
        }}
        {...ariaOf(field, id)}
      />
      {field.unit ? <span className="field-unit">{t(field.unit)}</span> : null}
    </span>
  );
});
