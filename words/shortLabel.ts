/**
 * A name cut to `max` characters for a box too small for it (the spill diagram, on the page and in the
 * note), its whole in the box's tooltip or nowhere else. The cut is in the middle, so that names sharing
 * a beginning and differing at the end ("… aile nord 1", "… aile nord 2") stay apart.
 */
export function shortLabel(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const tail = Math.ceil((max - 1) / 2);
  const head = max - 1 - tail;
  return `${chars.slice(0, head).join('').trimEnd()}…${chars.slice(-tail).join('').trimStart()}`;
}
