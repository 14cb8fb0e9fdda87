import { ariaOf, fieldWidget, useTypedText, type DrawProps } from './fieldProps';

/**
 * A one-line text input (names, addresses, cities, postcodes). No maxlength attribute: the browser would
 * drop what is typed or pasted past the schema's maxLength without a word; the form's validation says it
 * beside the field instead, the text kept for the user to shorten.
 */
export const TextWidget = fieldWidget(function TextInput(props: DrawProps) {
  const { id, value, disabled, onChange } = props;
  const [text, type] = useTypedText(value, onChange);
  return (
    <input
      id={id}
      type="text"
      className="field-input"
      value={text}
      disabled={disabled}
      onChange={(e) => type(e.target.value)}
      {...ariaOf(props)}
    />
  );
});
