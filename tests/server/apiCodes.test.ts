/**
 * Errors are codes, words are messages (STYLE.md 16): every code the API may answer has its message in
 * the common messages of every locale, and a message's parameters are figures the server sends.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_CODES } from '../../server/http/HttpError';

const COMMON = join(import.meta.dirname, '../../schemas/common');
const messages = (locale: string) =>
  (
    JSON.parse(readFileSync(join(COMMON, `messages.${locale}.json`), 'utf8')) as {
      errors: { api: Record<string, string> };
    }
  ).errors.api;

describe('API error codes', () => {
  for (const locale of ['fr', 'en'])
    it(`have a message each in ${locale}`, () => {
      const api = messages(locale);
      expect(API_CODES.filter((code) => typeof api[code] !== 'string')).toEqual([]);
    });

  it('name in their messages only the figures the server sends in details', () => {
    const sent = new Set(['limit', 'retryAfter', 'minutes', 'hours', 'megapixels', 'words', 'length']);
    for (const locale of ['fr', 'en'])
      for (const [code, text] of Object.entries(messages(locale)))
        for (const [, name] of text.matchAll(/\{\{\s*(\w+)/g))
          expect(sent.has(name!), `${locale} errors.api.${code}: {{${name}}}`).toBe(true);
  });
});
