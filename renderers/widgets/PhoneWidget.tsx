import { ariaOf, fieldWidget, useTypedText, type DrawProps } from './fieldProps';

/** A phone input; the engine checks the number shape. */
export const PhoneWidget = fieldWidget(function PhoneInput(props: DrawProps) {
  const { id, value, disabled, onChange } = props;
  const [text, type] = useTypedText(value, onChange);
  return (
    <input
      id={id}
      type="tel"
      autoComplete="tel"
      className="field-input"
      value={text}
      disabled={disabled}
      onChange={(e) => type(e.target.value)}
      {...ariaOf(props)}
    />
  );
});
