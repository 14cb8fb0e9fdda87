/** The searchable text of a project: lower case, accents removed, spaces collapsed. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A history sort key: the text as the search reads it (lower case, accents removed), so that byte order
 * in either database is the order of a French or English reader ("École" among the e's, not after "Z").
 */
export function sortKey(text: string): string {
  return cut(normalize(text), 255);
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
