/**
 * One contract from server to client (issue 41): Fastify writes each answer by its schema and drops every
 * member the schema does not declare, so each member the server presents must be declared — at every
 * depth — or the client would never see it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculate, type StoredProject } from '../../server/calc';
import { presentListItem, presentProject } from '../../server/projects/present';
import { bundleOfProduct } from '../../server/projects/products';
import { newProjectRow } from '../../server/projects/repository';
import { historyPageSchema, storedProjectSchema } from '../../words/apiContract';

type Schema = {
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
};

/** The paths of `value` that `schema` does not declare (where it lists its members and no others). */
function undeclared(value: unknown, schema: Schema, at = ''): string[] {
  if (Array.isArray(value))
    return schema.items ? value.flatMap((v, i) => undeclared(v, schema.items!, `${at}[${i}]`)) : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const declared = schema.properties?.[k];
    if (declared) return undeclared(v, declared, `${at}.${k}`);
    const extra = schema.additionalProperties;
    if (extra === true || (extra === undefined && !schema.properties)) return [];
    if (extra === false || extra === undefined) return [`${at}.${k}`];
    return undeclared(v, extra, `${at}.${k}`);
  });
}

const example = (file: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../server/calc/examples', file), 'utf8'),
  ) as StoredProject & {
    product: string;
  };

describe('the answers the client reads', () => {
  it.each(['sl-lyon.json', 'sm-paris.json'])(
    'declare every member of a stored project and of a history row (%s)',
    (file) => {
      const p = example(file);
      const out = calculate(bundleOfProduct(p.product), p);
      if (!out.ok) throw new Error('the example is calculated');
      const row = {
        ...newProjectRow({ type: p.product, owner: null, steps: p.steps as never }),
        results: JSON.stringify(out.results),
        extended_properties: JSON.stringify({ note_generated: true }),
        variant_of: 'first',
        variant_no: 2,
        variant_label: 'Base',
        number: 12,
      };
      const project = presentProject(row, { admin: true });
      expect(Object.keys(project).sort()).toEqual(Object.keys(storedProjectSchema.properties).sort());
      expect(undeclared(project, storedProjectSchema as Schema)).toEqual([]);
      const item = presentListItem(row, [row]);
      expect(undeclared({ projects: [item], total: 1, totalPages: 1 }, historyPageSchema as Schema)).toEqual(
        [],
      );
      // and the check sees a member that would be dropped
      expect(undeclared({ ...project, planted: 1 }, storedProjectSchema as Schema)).toEqual(['.planted']);
    },
  );
});
