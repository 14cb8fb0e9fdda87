const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as its reader writes it, date and time ("25/11/2026 14:05" in French, "11/25/2026, 2:05 PM"
 * in English), in the reader's time zone. An empty or unreadable value gives ''.
 */
export function formatDateTime(iso: string, locale: string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '';
  let f = formats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    formats.set(locale, f);
  }
  return f.format(d);
}
