/**
 * A number, and a figure with its unit, for reading in the reader's language: what the wizard's fields and
 * previews write, apart from the results' texts (words/resultsText/, which uses them) so that the
 * calculator page does not download those.
 */
type T = (key: string, params?: Record<string, unknown>) => string;

const formats = new Map<string, Intl.NumberFormat>();

/** A number for reading, in the reader's language (1 270,5 in French, 1,270.5 in English). */
export function numberText(
  value: number | null | undefined,
  lang: string,
  decimals = 1,
  /** every decimal written (87,0 beside 94,2): the columns of a table of figures line up */
  fixed = false,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const key = `${lang}:${decimals}:${fixed}`;
  let format = formats.get(key);
  if (!format)
    formats.set(
      key,
      (format = new Intl.NumberFormat(lang, {
        maximumFractionDigits: decimals,
        minimumFractionDigits: fixed ? decimals : 0,
      })),
    );
  // The narrow no-break space French groups digits with is not in every font (nor the PDF's standard
  // ones): a plain no-break space reads the same.
  return format.format(value).replace(/\u202f/g, '\u00a0');
}

/** A figure as text: its value in the reader's language, then its unit; a dash when it is not a number. */
export function figureText(
  value: unknown,
  unit: string | undefined,
  digits: number,
  t: T,
  lang: string,
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  // every decimal written, as the results' tables write the same figure (58,0 %, not 58 %)
  return `${numberText(value, lang, digits, true)}${unit ? ` ${t(unit)}` : ''}`;
}
