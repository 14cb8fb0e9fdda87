import { useRender } from '../context';
import { ariaOf, asText, fieldWidget, type FieldWidgetProps } from './fieldProps';

/** An e-mail input; the engine checks the address shape. */
export const EmailWidget = fieldWidget(function EmailInput({ id, field }: FieldWidgetProps) {
  const { onEdit } = useRender();
  return (
    <input
      id={id}
      type="email"
      autoComplete="email"
      className="field-input"
      value={asText(field.display)}
      disabled={field.disabled}
      onChange={(e) => onEdit({ path: field.path, value: e.target.value })}
      {...ariaOf(field, id)}
    />
  );
});
