import { useRender } from '../context';
import { ariaOf, fieldWidget, numberInputText, useTypedText, type FieldWidgetProps } from './fieldProps';

/**
 * A number with its unit, written in the reader's language (850,5 in French). It keeps what the user types
 * ('12,' on the way to '12,5') and sends the text to the engine, which parses commas and dots and converts
 * from the display unit.
 */
export const NumberWidget = fieldWidget(function NumberInput({ id, field }: FieldWidgetProps) {
  const { t, lang = 'fr' } = useRender();
  const [text, type] = useTypedText(
    field,
    (typed, shown) => typed === shown || Number(typed.replace(',', '.')) === field.display,
    (value) => numberInputText(value, lang),
  );
  return (
    <span className="number-with-unit">
      <input
        id={id}
        type="text"
        inputMode="decimal"
        className="field-input"
        value={text}
        disabled={field.disabled}
        onChange={(e) => type(e.target.value)}
        {...ariaOf(field, id)}
      />
      {field.unit ? <span className="field-unit">{t(field.unit)}</span> : null}
    </span>
  );
});
