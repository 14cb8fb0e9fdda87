import type { FastifyInstance } from 'fastify';
import { HttpError } from './HttpError';

/** JSON nested deeper than this is refused: no project, note or login body comes near it. */
export const MAX_DEPTH = 64;

/** A container being read: its keys (null for an array) and the index of the next member. */
interface Frame {
  value: Record<string, unknown> | unknown[];
  keys: string[] | null;
  next: number;
}

/** Bytes, or a stream of them, as a content-type parser may answer: nothing in them has keys or depth. */
const isBinary = (v: object): boolean =>
  ArrayBuffer.isView(v) || v instanceof ArrayBuffer || typeof (v as { pipe?: unknown }).pipe === 'function';

const frameOf = (v: Record<string, unknown> | unknown[]): Frame => ({
  value: v,
  keys: Array.isArray(v) ? null : Object.keys(v),
  next: 0,
});

/** The dotted path of the member just read in the innermost frame: 'body.steps.Chantier.forms.0'. */
const pathOf = (base: string, frames: Frame[]): string =>
  [base, ...frames.map((f) => (f.keys ? f.keys[f.next - 1]! : String(f.next - 1)))].filter(Boolean).join('.');

/**
 * Finds what no route accepts anywhere in a value: nesting deeper than MAX_DEPTH, or a NUL character in
 * a string or a key (PostgreSQL cannot store one in text, and no form has a use for it). Answers the
 * dotted path of the first problem, or null.
 *
 * One pass over the members, depth first, with a frame per open container (never more than MAX_DEPTH)
 * and nothing built per member: the cost is bounded by the body's size and below the cost of parsing it
 * (`npm run bench:bodies`). A binary body (a Buffer, a stream) is not read: the route checks its bytes.
 */
export function inputProblem(value: unknown, base: string): { field: string; message: string } | null {
  if (typeof value === 'string')
    return value.includes('\u0000') ? { field: base, message: 'contains a NUL character' } : null;
  if (value === null || typeof value !== 'object' || isBinary(value)) return null;
  const frames: Frame[] = [frameOf(value as Record<string, unknown>)];
  while (frames.length) {
    const f = frames[frames.length - 1]!;
    const { keys } = f;
    if (f.next >= (keys ? keys.length : (f.value as unknown[]).length)) {
      frames.pop();
      continue;
    }
    const key = keys ? keys[f.next]! : null;
    const v = key === null ? (f.value as unknown[])[f.next] : (f.value as Record<string, unknown>)[key];
    f.next += 1;
    if (key !== null && key.includes('\u0000'))
      return { field: pathOf(base, frames), message: 'a key contains a NUL character' };
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { field: pathOf(base, frames), message: 'contains a NUL character' };
    } else if (v !== null && typeof v === 'object') {
      // (inside a parsed value, only JSON's objects and arrays)
      if (frames.length >= MAX_DEPTH)
        return { field: pathOf(base, frames), message: `nested more than ${MAX_DEPTH} levels` };
      frames.push(frameOf(v as Record<string, unknown>));
    }
  }
  return null;
}

/** Refuses, with a 400 naming the field, path parameters, query strings and JSON bodies no route accepts. */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts: [unknown, string][] = [
      [request.params, ''],
      [request.query, ''],
      [request.body, 'body'],
    ];
    for (const [value, base] of parts) {
      const p = inputProblem(value, base);
      if (p) throw new HttpError(400, `${p.field || 'request'}: ${p.message}`, p.field || undefined);
    }
  });
}
