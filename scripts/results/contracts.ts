/**
 * The results contracts (issue 29): a JSON Schema beside each calculation in server/calc, and the
 * TypeScript type generated from it (json-schema-to-typescript) into words/results/<calculation>.ts, the
 * framework-free floor that the calculation, the result views and charts, the PDF and the Excel file all
 * read (the app imports nothing of server/). A test fails when a generated file is stale
 * (`npm run results:types` writes them again).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { format, resolveConfig } from 'prettier';
import { CALC_DIR, calculationNames, RESULTS_SCHEMA_FILE } from '../../server/calc/calculation';

const ROOT = join(import.meta.dirname, '../..');

/** Every calculation's results schema (the folders of server/calc: server/calc/calculation.ts). */
export const CONTRACTS = calculationNames().map((name) => ({
  name,
  schema: join(CALC_DIR, name, RESULTS_SCHEMA_FILE),
  type: join(ROOT, 'words/results', `${name}.ts`),
}));

/** The TypeScript a schema generates, formatted as the repository formats its code. */
export async function generated(schemaFile: string, typeFile: string): Promise<string> {
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as JSONSchema;
  const banner = [
    '/**',
    ` * Generated from ${relative(ROOT, schemaFile)} by \`npm run results:types\`:`,
    ' * edit the schema, not this file (tests/calc/resultsContract.test.ts fails when it is stale).',
    ' */',
  ].join('\n');
  const ts = await compile(schema, schema.title ?? 'Results', {
    bannerComment: banner,
    additionalProperties: false,
    format: false,
    cwd: dirname(schemaFile),
  });
  return format(ts, { ...(await resolveConfig(typeFile)), filepath: typeFile });
}

/** The contracts whose generated type differs from what its schema generates now. */
export async function staleTypes(): Promise<string[]> {
  const stale: string[] = [];
  for (const c of CONTRACTS) {
    let current = '';
    try {
      current = readFileSync(c.type, 'utf8');
    } catch {
      // absent: stale
    }
    if (current !== (await generated(c.schema, c.type))) stale.push(relative(ROOT, c.type));
  }
  return stale;
}

if (process.argv[1] === import.meta.filename) {
  for (const c of CONTRACTS) writeFileSync(c.type, await generated(c.schema, c.type));
  console.log(`results types written: ${CONTRACTS.map((c) => relative(ROOT, c.type)).join(', ')}`);
}
