import { roundTo } from '../../engine';
import { useRender } from '../context';
import { ariaOf, fieldWidget, numberInputText, useTypedText, type DrawProps } from './fieldProps';

/**
 * A number with its unit, written in the reader's language (850,5 in French). It keeps what the user types
 * ('12,' on the way to '12,5', or 13208.6 gal while the field shows whole gallons) and sends the text, which
 * rides in rjsf's formData as typed (fields/NumberField.tsx) to the engine; the engine parses commas and
 * dots and converts from the display unit.
 */
export const NumberWidget = fieldWidget(function NumberInput(props: DrawProps) {
  const { id, value, field, disabled, onChange } = props;
  const { t, lang = 'fr' } = useRender();
  const decimals = field?.decimals;
  const [text, type] = useTypedText(
    value,
    onChange,
    (typed, shown) => {
      if (typed === shown) return true;
      const n = Number(typed.replace(',', '.'));
      return n === value || (decimals !== undefined && roundTo(n, decimals) === value);
    },
    (v) => numberInputText(v, lang),
  );
  return (
    <span className="number-with-unit">
      <input
        id={id}
        type="text"
        inputMode="decimal"
        className="field-input"
        value={text}
        disabled={disabled}
        onChange={(e) => type(e.target.value)}
        {...ariaOf(props)}
      />
      {field?.unit ? <span className="field-unit">{t(field.unit)}</span> : null}
    </span>
  );
});
