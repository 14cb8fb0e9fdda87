import { roundTo } from '../../engine';
import { useRender } from '../context';
import { ariaOf, fieldWidget, numberInputText, useTypedText, type DrawProps } from './fieldProps';

/**
 * A number with its unit, written in the reader's language (850,5 in French). It keeps what the user types
 * ('12,' on the way to '12,5', or 13208.6 gal while the field shows whole gallons) and sends the text to
 * the engine, which parses commas and dots and converts from the display unit.
 */
export const NumberWidget = fieldWidget(function NumberInput({ id, field, onChange }: DrawProps) {
  const { t, lang = 'fr' } = useRender();
  const [text, type] = useTypedText(
    field,
    onChange,
    (typed, shown) => {
      if (typed === shown) return true;
      const n = Number(typed.replace(',', '.'));
      return (
        n === field.display || (field.decimals !== undefined && roundTo(n, field.decimals) === field.display)
      );
    },
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
