/**
 * A form's answers as one string with every object's keys sorted: two forms give the same string exactly
 * when they hold the same answers, whatever order their keys were written in (a project loaded from the
 * server, then edited field by field).
 */
export function answersKey(data: unknown): string {
  return JSON.stringify(data, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
