import { ariaOf, fieldWidget, useTypedText, type DrawProps } from './fieldProps';

/** A phone input; the engine checks the number shape. */
export const PhoneWidget = fieldWidget(function PhoneInput({ id, field, onChange }: DrawProps) {
  const [text, type] = useTypedText(field, onChange);
  return (
    <input
      id={id}
      type="tel"
      autoComplete="tel"
      className="field-input"
      value={text}
      disabled={field.disabled}
      onChange={(e) => type(e.target.value)}
      {...ariaOf(field, id)}
    />
  );
});
