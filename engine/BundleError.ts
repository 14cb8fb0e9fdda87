/**
 * A bundle that cannot be loaded; the message names the place (a JSON pointer), what is wrong and, when
 * one is close, what was probably meant.
 */
export class BundleError extends Error {
  constructor(
    readonly pointer: string,
    readonly reason: string,
    readonly hint?: string,
  ) {
    super(`bundle ${pointer || '/'}: ${reason}${hint ? ` (${hint})` : ''}`);
    this.name = 'BundleError';
  }
}

/** Edit distance between two names (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const cur = [i];
    for (let j = 1; j <= b.length; j += 1)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** "did you mean 'x'?" for the known name closest to `name`, when one is close enough. */
export function didYouMean(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let score = Infinity;
  for (const k of known) {
    const d = distance(name, k);
    if (d < score) [best, score] = [k, d];
  }
  return best !== undefined && score <= Math.max(2, Math.floor(name.length / 3))
    ? `did you mean '${best}'?`
    : undefined;
}
