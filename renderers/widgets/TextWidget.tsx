import { ariaOf, fieldWidget, useTypedText, type DrawProps } from './fieldProps';

/** A one-line text input (names, addresses, cities, postcodes). */
export const TextWidget = fieldWidget(function TextInput({ id, field, onChange }: DrawProps) {
  const [text, type] = useTypedText(field, onChange);
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
