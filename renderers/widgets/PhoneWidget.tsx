import { useRender } from '../context';
import { ariaOf, asText, fieldWidget, type FieldWidgetProps } from './fieldProps';

/** A phone input; the engine checks the number shape. */
export const PhoneWidget = fieldWidget(function PhoneInput({ id, field }: FieldWidgetProps) {
  const { onEdit } = useRender();
  return (
    <input
      id={id}
      type="tel"
      autoComplete="tel"
      className="field-input"
      value={asText(field.display)}
      disabled={field.disabled}
      onChange={(e) => onEdit({ path: field.path, value: e.target.value })}
      {...ariaOf(field, id)}
    />
  );
});
