import { ariaOf, fieldWidget, useTypedText, type FieldWidgetProps } from './fieldProps';

/** A one-line text input (names, addresses, cities, postcodes). */
export const TextWidget = fieldWidget(function TextInput({ id, field }: FieldWidgetProps) {
  const [text, type] = useTypedText(field);
  return (
    <input
      id={id}
      type="text"
      className="field-input"
      value={text}
      disabled={field.disabled}
      maxLength={field.maxLength}
      onChange={(e) => type(e.target.value)}
      {...ariaOf(field, id)}
    />
  );
});
