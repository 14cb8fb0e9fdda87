/**
 * French typography in every French messages file: "?", ":", "!" and ";" follow a no-break space (U+00A0,
 * or the narrow U+202F), never an ordinary one, so that the browser, the PDF note and the workbook never
 * start a line with the mark alone ("Le projet est-il soumis à une contrainte d'abattement" / "?"); and
 * guillemets hold their words with a no-break space inside, so that no line ends on "«" or starts on "»".
 * Each offending message is named by its file and key, with the words around the mark.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCHEMAS = join(import.meta.dirname, '../../schemas');

/** Every `*.fr.json` under schemas/ (each calculator's and the common ones). */
function frenchFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? frenchFiles(join(dir, e.name)) : e.name.endsWith('.fr.json') ? [join(dir, e.name)] : [],
  );
}

/** Each string of a messages tree with its dotted key. */
function* strings(node: unknown, key: string): Generator<[string, string]> {
  if (typeof node === 'string') yield [key, node];
  else if (Array.isArray(node)) for (const [i, v] of node.entries()) yield* strings(v, `${key}[${i}]`);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) yield* strings(v, key ? `${key}.${k}` : k);
}

/** The French messages that put an ordinary space (or a tab, a line break) before ? : ! or ;. */
export function spacesBeforeMarks(tree: unknown): string[] {
  const found: string[] = [];
  for (const [key, text] of strings(tree, ''))
    for (const m of text.matchAll(/[ \t\n](?=[?:!;])/g))
      found.push(`${key}: «${text.slice(Math.max(0, m.index - 25), m.index + 2)}»`);
  return found;
}

/** The French messages whose « is not followed, or » not preceded, by a no-break space. */
export function looseGuillemets(tree: unknown): string[] {
  const found: string[] = [];
  for (const [key, text] of strings(tree, ''))
    for (const m of text.matchAll(/«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»/g))
      found.push(`${key}: ${JSON.stringify(text.slice(Math.max(0, m.index - 12), m.index + 13))}`);
  return found;
}

describe('French messages: a no-break space before ? : ! ;', () => {
  const files = frenchFiles(SCHEMAS);

  it('finds the French messages files of the three calculators and the common ones', () => {
    const names = files.map((f) => relative(SCHEMAS, f)).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'common/messages.fr.json',
        'common/note.fr.json',
        'sl/messages.fr.json',
        'sm/messages.fr.json',
        'smca/messages.fr.json',
      ]),
    );
  });

  it('names a message with an ordinary space before a mark', () => {
    expect(
      spacesBeforeMarks({
        a: { q: 'Le projet est-il soumis à une contrainte ?', ok: 'Projet\u00a0: {{name}}' },
        b: ['Attention !', 'Ici\u202f; là'],
      }),
    ).toEqual(['a.q: «l soumis à une contrainte ?»', 'b[0]: «Attention !»']);
  });

  for (const file of files)
    it(`${relative(SCHEMAS, file)}: none with an ordinary space before ? : ! ;`, () => {
      const tree = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      expect(spacesBeforeMarks(tree)).toEqual([]);
    });
});

describe('French messages: a no-break space inside « »', () => {
  it('names a message with an ordinary space, or none, inside guillemets', () => {
    expect(
      looseGuillemets({
        a: { ok: 'Colonne\u00a0«\u00a0{{heading}}\u00a0»', open: '« Toitures\u00a0»' },
        b: ['«\u00a0Zinc »', '«Zinc»'],
      }),
    ).toEqual(['a.open: "« Toitures\u00a0»"', 'b[0]: "«\u00a0Zinc »"', 'b[1]: "«Zinc»"', 'b[1]: "«Zinc»"']);
  });

  for (const file of frenchFiles(SCHEMAS))
    it(`${relative(SCHEMAS, file)}: every « and » held by a no-break space`, () => {
      const tree = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      expect(looseGuillemets(tree)).toEqual([]);
    });
});
