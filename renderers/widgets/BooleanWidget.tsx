import { useRender } from '../context';
import { ariaOf, fieldWidget, type DrawProps } from './fieldProps';

/** A yes/no question as two radio buttons in a fieldset. */
export const BooleanWidget = fieldWidget(function YesNoInput({ id, field, onChange }: DrawProps) {
  const { t } = useRender();
  const choice = (value: boolean, label: string) => (
    <label className="field-choice">
      <input
        type="radio"
        name={id}
        id={`${id}__${String(value)}`}
        checked={field.value === value}
        disabled={field.disabled}
        onChange={() => onChange(value)}
      />
      {t(label)}
    </label>
  );
  return (
    <span
      className="choice-row"
      role="radiogroup"
      aria-labelledby={`${id}__label`}
      aria-describedby={ariaOf(field, id)['aria-describedby'] as string | undefined}
    >
      {choice(true, 'common.yes')}
      {choice(false, 'common.no')}
    </span>
  );
});
