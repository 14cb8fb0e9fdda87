import { ariaOf, fieldWidget, useTypedText, type DrawProps } from './fieldProps';

/** An e-mail input; the engine checks the address shape. */
export const EmailWidget = fieldWidget(function EmailInput({ id, field, onChange }: DrawProps) {
  const [text, type] = useTypedText(field, onChange);
  return (
    <input
      id={id}
      type="email"
      autoComplete="email"
      className="field-input"
      value={text}
      disabled={field.disabled}
      onChange={(e) => type(e.target.value)}
      {...ariaOf(field, id)}
    />
  );
});
