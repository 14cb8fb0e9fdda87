import type { FastifyInstance } from 'fastify';
import { HttpError } from './HttpError';

/** JSON nested deeper than this is refused: no project, note or login body comes near it. */
export const MAX_DEPTH = 64;

/**
 * Finds what no route accepts anywhere in a value: nesting deeper than MAX_DEPTH, or a NUL character in
 * a string or a key (PostgreSQL cannot store one in text, and no form has a use for it). Iterative, so a
 * hostile body cannot exhaust the stack. Answers the dotted path of the first problem, or null.
 */
export function inputProblem(value: unknown, base: string): { field: string; message: string } | null {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: base, depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { field: path, message: 'contains a NUL character' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return { field: path, message: `nested more than ${MAX_DEPTH} levels` };
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const at = path ? `${path}.${k}` : k;
      if (k.includes('\u0000')) return { field: at, message: 'a key contains a NUL character' };
      stack.push({ v: x, path: at, depth: depth + 1 });
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
