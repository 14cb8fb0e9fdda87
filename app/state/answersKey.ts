/**
 * A form's answers as one string with every object's keys sorted: two forms give the same string exactly
 * when they hold the same answers, whatever order their keys were written in (a project loaded from the
 * server, then edited field by field). The unit system is left out: it is how the answers are read, not
 * an answer (the server keeps a project's results when only it changes).
 */
export function answersKey(data: unknown): string {
  return JSON.stringify(data, (key, value: unknown) =>
    key === 'unit_system'
      ? undefined
      : value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
  );
}
