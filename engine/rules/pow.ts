/**
 * `{"pow": [base, exponent]}`: base raised to the exponent (a Montana rain depth, a d^(1-b)); null
 * unless both are finite numbers and the power is one.
 */
export function pow(base: unknown, exponent: unknown): number | null {
  if (typeof base !== 'number' || typeof exponent !== 'number') return null;
  const r = base ** exponent;
  return Number.isFinite(r) ? r : null;
}
