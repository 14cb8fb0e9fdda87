import type { WidgetProps } from '@rjsf/utils';
import { useRender } from '../context';
import { ariaOf, asText, useField } from './fieldProps';

/** A phone input; the engine checks the number shape. */
export function PhoneWidget(props: WidgetProps) {
  const field = useField(props);
  const { onEdit } = useRender();
  return (
    <input
      id={props.id}
      type="tel"
      autoComplete="tel"
      className="field-input"
      value={asText(field.display)}
      disabled={field.disabled}
      onChange={(e) => onEdit({ path: field.path, value: e.target.value })}
      {...ariaOf(field, props.id)}
    />
  );
}
