import { ariaOf, fieldWidget, useTypedText, type DrawProps } from './fieldProps';

/** An e-mail input; the engine checks the address shape. */
export const EmailWidget = fieldWidget(function EmailInput(props: DrawProps) {
  const { id, value, disabled, onChange } = props;
  const [text, type] = useTypedText(value, onChange);
  return (
    <input
      id={id}
      type="email"
      autoComplete="email"
      className="field-input"
      value={text}
      disabled={disabled}
      onChange={(e) => type(e.target.value)}
      {...ariaOf(props)}
    />
  );
});
