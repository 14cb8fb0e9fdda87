import { useRender } from '../context';
import { ariaOf, fieldWidget, type DrawProps } from './fieldProps';

/** A yes/no question as two radio buttons in a fieldset. */
export const BooleanWidget = fieldWidget(function YesNoInput(props: DrawProps) {
  const { id, value, disabled, onChange } = props;
  const { t } = useRender();
  const choice = (answer: boolean, label: string) => (
    <label className="field-choice">
      <input
        type="radio"
        name={id}
        id={`${id}__${String(answer)}`}
        checked={value === answer}
        disabled={disabled}
        onChange={() => onChange(answer)}
      />
      {t(label)}
    </label>
  );
  return (
    <span
      className="choice-row"
      role="radiogroup"
      aria-labelledby={`${id}__label`}
      aria-describedby={ariaOf(props)['aria-describedby'] as string | undefined}
    >
      {choice(true, 'common.yes')}
      {choice(false, 'common.no')}
    </span>
  );
});
