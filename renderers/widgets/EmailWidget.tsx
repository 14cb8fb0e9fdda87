import type { WidgetProps } from '@rjsf/utils';
import { useRender } from '../context';
import { ariaOf, asText, useField } from './fieldProps';

/** An e-mail input; the engine checks the address shape. */
export function EmailWidget(props: WidgetProps) {
  const field = useField(props);
  const { onEdit } = useRender();
  return (
    <input
      id={props.id}
      type="email"
      autoComplete="email"
      className="field-input"
      value={asText(field.display)}
      disabled={field.disabled}
      onChange={(e) => onEdit({ path: field.path, value: e.target.value })}
      {...ariaOf(field, props.id)}
    />
  );
}
