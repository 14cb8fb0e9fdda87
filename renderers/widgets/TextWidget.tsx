import { useRender } from '../context';
import { ariaOf, asText, fieldWidget, type FieldWidgetProps } from './fieldProps';

/** A one-line text input (names, addresses, cities, postcodes). */
export const TextWidget = fieldWidget(function TextInput({ id, field }: FieldWidgetProps) {
  const { onEdit } = useRender();
  return (
    <input
      id={id}
      type="text"
      className="field-input"
      value={asText(field.display)}
      disabled={field.disabled}
      maxLength={field.maxLength}
      onChange={(e) => onEdit({ path: field.path, value: e.target.value })}
      {...ariaOf(field, id)}
    />
  );
});
