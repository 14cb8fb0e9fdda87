import { useRender } from '../context';
import { fieldWidget, type FieldWidgetProps } from './fieldProps';

/** A yes/no question as two radio buttons in a fieldset. */
export const BooleanWidget = fieldWidget(function YesNoInput({ id, field }: FieldWidgetProps) {
  const { onEdit, t } = useRender();
  const choice = (value: boolean, label: string) => (
    <label className="field-choice">
      <input
        type="radio"
        name={id}
        id={`${id}__${String(value)}`}
        checked={field.value === value}
        disabled={field.disabled}
        onChange={() => onEdit({ path: field.path, value })}
      />
      {t(label)}
    </label>
  );
  return (
    <span className="choice-row" role="radiogroup" aria-labelledby={`${id}__label`}>
      {choice(true, 'common.yes')}
      {choice(false, 'common.no')}
    </span>
  );
});
