import { ariaOf, fieldWidget, useTypedText, type FieldWidgetProps } from './fieldProps';

/** An e-mail input; the engine checks the address shape. */
export const EmailWidget = fieldWidget(function EmailInput({ id, field }: FieldWidgetProps) {
  const [text, type] = useTypedText(field);
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
