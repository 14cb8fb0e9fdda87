import type { WidgetProps } from '@rjsf/utils';
import { useRender } from '../context';
import { ariaOf, asText, useField } from './fieldProps';

/** A one-line text input (names, addresses, cities, postcodes). */
export function TextWidget(props: WidgetProps) {
  const field = useField(props);
  const { onEdit } = useRender();
  return (
    <input
      id={props.id}
      type="text"
      className="field-input"
      value={asText(field.display)}
      disabled={field.disabled}
      maxLength={field.maxLength}
      onChange={(e) => onEdit({ path: field.path, value: e.target.value })}
      {...ariaOf(field, props.id)}
    />
  );
}
