import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A verification code: 128 random bits written in 26 characters of base32 (RFC 4648's alphabet, lower
 * case, no padding): no two characters a reader confuses (no 0/O, 1/l), typed as easily as read.
 */
export function newCode(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** What a code looks like: anything else is not one (answered as an unknown code, 404). */
export const CODE_PATTERN = '^[a-z2-7]{26}$';
const CODE = new RegExp(CODE_PATTERN);

/** A code as a reader may type it (capitals, spaces, dashes), as stored; null when it cannot be one. */
export function normalCode(text: string): string | null {
  const c = text.toLowerCase().replace(/[\s-]/g, '');
  return CODE.test(c) ? c : null;
}
