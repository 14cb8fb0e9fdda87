/**
 * Dates in the reader's language (Intl.DateTimeFormat), wherever one is shown, written or mailed: the
 * history, the results, the note page, the PDF, the Excel file and the mails. Framework-free, like the
 * rest of words/: the app and the server format a moment the same way.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The format of `style` in `lang`; a moment ('date', 'dateTime') in `zone`, the reader's time zone (the
 * runtime's when undefined), a calendar day ('day', 'month') in UTC, where it was written.
 */
function formatOf(
  lang: string,
  style: 'date' | 'day' | 'dateTime' | 'month' | 'monthLong',
  zone?: string,
): Intl.DateTimeFormat {
  const key = `${lang}|${style}|${zone ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    const timeZone = style === 'month' || style === 'monthLong' || style === 'day' ? 'UTC' : zone;
    f = new Intl.DateTimeFormat(lang, {
      ...(style === 'month'
        ? { month: 'short' }
        : style === 'monthLong'
          ? { month: 'long' }
          : style === 'dateTime'
            ? { dateStyle: 'short', timeStyle: 'short' }
            : { dateStyle: 'long' }),
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** A moment read from an ISO text or a Date; null when there is none or it cannot be read. */
function momentOf(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A moment as its reader writes it, date and time ("25/11/2026 14:05" in French, "11/25/26, 2:05 PM"
 * in English), in the reader's time zone (`zone`, an IANA name; the runtime's when omitted); '' for an
 * empty or unreadable value.
 */
export function dateTimeText(value: string | Date | null | undefined, lang: string, zone?: string): string {
  const d = momentOf(value);
  return d ? formatOf(lang, 'dateTime', zone).format(d) : '';
}

/**
 * A day as its reader writes it in a sentence or on a page ("25 novembre 2026", "November 25, 2026"),
 * in the reader's time zone (`zone`, an IANA name; the runtime's when omitted); a calendar day written
 * "2026-11-25" (no time, so no zone) stays that day wherever it is read. '' for an empty or unreadable
 * value.
 */
export function dateText(value: string | Date | null | undefined, lang: string, zone?: string): string {
  const d = momentOf(value);
  if (!d) return '';
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return formatOf(lang, day ? 'day' : 'date', zone).format(d);
}

/**
 * The twelve months' short names in the reader's language, capitalised as a chart's axis or a table's
 * heading writes them ("Janv.", "Févr."… in French; "Jan", "Feb"… in English).
 */
export function monthNames(lang: string): string[] {
  const f = formatOf(lang, 'month');
  return Array.from({ length: 12 }, (_, m) => {
    const name = f.format(Date.UTC(2026, m, 15));
    return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
  });
}

/**
 * The twelve months' names as a sentence writes them in the reader's language: whole and lower case in
 * French ("en mars"), capitalised in English ("in March"), never a heading's abbreviation.
 */
export function monthNamesInText(lang: string): string[] {
  const f = formatOf(lang, 'monthLong');
  return Array.from({ length: 12 }, (_, m) => f.format(Date.UTC(2026, m, 15)));
}
