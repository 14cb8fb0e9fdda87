const EMAIL = /^[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}$/;

/** `{"is_email": [value]}`: true when value is a string shaped like an e-mail address (local@domain.tld). */
export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value.trim());
}
