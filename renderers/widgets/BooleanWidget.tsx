import type { WidgetProps } from '@rjsf/utils';
import { useRender } from '../context';
import { useField } from './fieldProps';

/** A yes/no question as two radio buttons in a fieldset. */
export function BooleanWidget(props: WidgetProps) {
  const field = useField(props);
  const { onEdit, t } = useRender();
  const choice = (value: boolean, label: string) => (
    <label className="field-choice">
      <input
        type="radio"
        name={props.id}
        id={`${props.id}__${String(value)}`}
        checked={field.value === value}
        disabled={field.disabled}
        onChange={() => onEdit({ path: field.path, value })}
      />
      {t(label)}
    </label>
  );
  return (
    <span className="choice-row" role="radiogroup" aria-labelledby={`${props.id}__label`}>
      {choice(true, 'common.yes')}
      {choice(false, 'common.no')}
    </span>
  );
}
