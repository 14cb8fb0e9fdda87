import { roundTo, typedNumber } from '../../engine';
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
    // the engine reads what the reader's language means: '1,550' in English is 1550 (typedNumber)
    (typed) => onChange(typeof typed === 'string' ? typedNumber(typed, lang) : typed),
    (typed, shown) => {
      const read = typedNumber(typed, lang);
      if (typed === shown || read === shown) return true;
      const n = Number(read.replace(',', '.'));
      return n === value || (decimals !== undefined && roundTo(n, decimals) === value);
    },
    (v) => numberInputText(v, lang),
  );
  return (
    <span className="number-with-unit">
      {/* a box of its own, so that a key typed is laid out within the input (app/styles.css) */}
      <span className="number-box">
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
      </span>
      {field?.unit ? <span className="field-unit">{t(field.unit)}</span> : null}
    </span>
  );
});
