/**
 * `{"is_phone": [value]}`: true when value is a phone number as people write them: an optional leading +,
 * digits with spaces, dots, dashes or parentheses between them, 6 to 15 digits in all.
 */
export function isPhone(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (!/^\+?[\d\s.\-()]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}
