/** The searchable text of a project: lower case, accents removed, spaces collapsed. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters no accent removal takes apart, written as the letters a reader sorts them by. */
const LETTERS: Record<string, string> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ĳ: 'ij',
};
/** Numbers up to this many digits sort by their value ("9" before "41"). */
const NUMBER_DIGITS = 12;

/**
 * A history sort key: the text as the search reads it (lower case, accents removed), ligatures written as
 * their letters and each number zero-padded, so that byte order in either database is the order of a
 * French or English reader, as Intl.Collator(locale, {numeric: true, sensitivity: 'base'}) sorts ("École"
 * among the e's, "Œuvre" among the o's, "Abbaye 108 9" before "Abbaye 108 41").
 */
export function sortKey(text: string): string {
  return cut(
    normalize(text)
      .replace(/[œæßøđðłþĳ]/gu, (c) => LETTERS[c] ?? c)
      .replace(/\d+/g, (d) => d.replace(/^0+(?=\d)/, '').padStart(NUMBER_DIGITS, '0')),
    255,
  );
}

/** JSON with object keys sorted, so that the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** The first `max` characters of a text, never cutting a character in two (an emoji is one character). */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/** A text without control characters (tabs, line breaks, NUL…): what a file name may hold. */
export function withoutControls(text: string): string {
  return [...text].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
}
