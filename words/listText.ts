type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * The most items a sentence names: past them it names the first and counts the rest ("A, B, C et 7
 * autres"); ten 66-character roof names made a note of 323 px on a phone, a paragraph in the PDF. The
 * results' table gives each item's figures.
 */
export const NAMED_AT_MOST = 3;

/**
 * A list in a sentence: its items joined, the first NAMED_AT_MOST and the others' count past them (the
 * verdicts' findings, the note's spills, the error summary's problems shared by many cards).
 */
export function listText(items: string[], t: T): string {
  if (items.length <= NAMED_AT_MOST) return items.join(', ');
  return t('app.verdict.names_and_others', {
    names: items.slice(0, NAMED_AT_MOST).join(', '),
    count: items.length - NAMED_AT_MOST,
  });
}
