/**
 * A name cut to `max` characters for a box too small for it, its whole in the box's tooltip or nowhere
 * else. The cut is in the middle, so that names sharing a beginning and differing at the end ("… aile
 * nord 1", "… aile nord 2") stay apart; distinctLabels tells apart names that differ in their middle.
 */
export function shortLabel(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const tail = Math.ceil((max - 1) / 2);
  const head = max - 1 - tail;
  return `${chars.slice(0, head).join('').trimEnd()}…${chars.slice(-tail).join('').trimStart()}`;
}

/** Characters two texts share from their start. */
function sharedStart(a: string[], b: string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

/**
 * Labels of `max` characters at most for boxes shown together (the spill diagram's roofs and ends), each
 * told apart from the others: a name that fits stays whole; a longer one is cut in its middle
 * (shortLabel). Names that differ only in their middle ("… bâtiment A – aile nord …", "… bâtiment B – aile
 * nord …", pasted from a spreadsheet) would then all read alike: each such name shows instead the part
 * where it differs from the name closest to it, from the word before it ("…bâtiment A – aile
 * n…"). Equal names stay equal.
 */
export function distinctLabels(texts: string[], max: number): string[] {
  const cut = texts.map((t) => shortLabel(t, max));
  const chars = texts.map((t) => [...t]);
  const CONTEXT = Math.min(10, Math.floor((max - 2) / 2));
  return cut.map((c, i) => {
    const clash = cut.some((d, j) => j !== i && d === c && texts[j] !== texts[i]);
    if (!clash) return c;
    // where this name parts from the one that shares most of its start
    const parts = Math.max(
      ...texts.map((t, j) => (j === i || t === texts[i] ? 0 : sharedStart(chars[i]!, chars[j]!))),
    );
    // from the start of the word before the one that differs, when it is near enough
    const spaceBefore = (k: number) => (k > 0 ? chars[i]!.lastIndexOf(' ', k - 1) : -1);
    const word = spaceBefore(parts) + 1;
    const before = word > 0 ? spaceBefore(word - 1) + 1 : 0;
    const from = [before, word].find((k) => parts - k <= CONTEXT + 4) ?? Math.max(0, parts - CONTEXT);
    const window = chars[i]!.slice(from);
    const head = from > 0 ? '…' : '';
    const room = max - head.length;
    const body =
      window.length <= room
        ? window.join('')
        : `${window
            .slice(0, room - 1)
            .join('')
            .trimEnd()}…`;
    return `${head}${body.trimStart()}`;
  });
}

/** A text split at its last space within `max` characters (or cut at `max` when its first word is longer). */
function firstLine(chars: string[], max: number): [string, string] {
  if (chars.length <= max) return [chars.join(''), ''];
  const space = chars.lastIndexOf(' ', max);
  const at = space > 0 ? space : max;
  return [chars.slice(0, at).join('').trimEnd(), chars.slice(at).join('').trimStart()];
}

/**
 * Labels on two lines of `max` characters at most, for boxes shown together (the spill diagram's):
 * a name that fits one line stays one line; a longer one is broken at a space, its second line cut in its
 * middle when still too long ("Bâtiment administratif" / "principal,…terrasse 12": the start and the end
 * of the name, where a column of pasted names differ). Names that would still read alike show instead
 * where they differ (distinctLabels over both lines' characters), broken the same way. Equal names stay
 * equal.
 */
export function labelLines(texts: string[], max: number): string[][] {
  const lines = (text: string): string[] => {
    const [one, rest] = firstLine([...text], max);
    return rest ? [one, shortLabel(rest, max)] : [one];
  };
  const shown = texts.map(lines);
  const key = (l: string[]) => l.join('\n');
  const wide = distinctLabels(texts, 2 * max - 1);
  return shown.map((l, i) => {
    const clash = shown.some((m, j) => j !== i && key(m) === key(l) && texts[j] !== texts[i]);
    if (!clash) return l;
    const [one, rest] = firstLine([...wide[i]!], max);
    // the part that tells them apart, on two lines; a second line still too long is cut at its end
    const two = [...rest];
    return rest
      ? [
          one,
          two.length <= max
            ? rest
            : `${two
                .slice(0, max - 1)
                .join('')
                .trimEnd()}…`,
        ]
      : [one];
  });
}

/**
 * Labels told apart (distinctLabels) at the most characters for which every one `fits` (a select's closed
 * box, measured by the caller): the texts unchanged when they all fit, else each cut in its middle or
 * where it differs from the others, never below 8 characters.
 */
export function fittedLabels(texts: string[], fits: (label: string) => boolean): string[] {
  if (texts.every(fits)) return texts;
  let lo = 8;
  let hi = Math.max(lo, ...texts.map((t) => [...t].length));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (distinctLabels(texts, mid).every(fits)) lo = mid;
    else hi = mid - 1;
  }
  return distinctLabels(texts, lo);
}
