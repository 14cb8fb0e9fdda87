/**
 * `{"is_digits": [value, count]}`: true when the value is exactly `count` digits, spaces around it
 * ignored: a French postcode is `{"is_digits": [{"var": "value"}, 5]}` ("93100", "01000"; not "93l00",
 * "9310" or "931000"). A number is read as it is written (93100, but 1000 is four digits).
 */
export function isDigits(value: unknown, count: unknown): boolean {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return false;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return text.length === count && /^\d+$/.test(text);
}
