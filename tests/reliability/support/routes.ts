/**
 * The server's real route list, read from Fastify's own table (app.printRoutes), so that the fuzzer and
 * the authorization matrix cover every route there is, and a route added later fails the matrix until it
 * has its row.
 */
import type { FastifyInstance } from 'fastify';

/** One method of one route, as Fastify registered it: `GET /api/:type/project/:id`. */
export interface RouteEntry {
  method: string;
  path: string;
}

/** `GET /api/:type/project/:id` */
export const keyOf = (r: RouteEntry): string => `${r.method} ${r.path}`;

/**
 * Every method and path of the server, from printRoutes' tree: each line is a path segment indented by
 * four characters per level, followed by its methods in parentheses when something answers there.
 */
export function routesOf(app: FastifyInstance): RouteEntry[] {
  const out: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (!line.trim()) continue;
    const start = line.search(/[^│├└─\s]/);
    const m = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(start));
    if (!m || start % 4 !== 0) throw new Error(`unexpected printRoutes line: ${line}`);
    const depth = start / 4;
    stack.length = depth - 1;
    stack.push(m[1]!);
    const path = stack.join('');
    for (const method of (m[2] ?? '').split(',').map((s) => s.trim())) if (method) out.push({ method, path });
  }
  const keys = out.map(keyOf);
  if (new Set(keys).size !== keys.length) throw new Error(`a route appears twice: ${keys.join(', ')}`);
  return out.sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

/** The names of a route path's parameters (`:id`, and `*` for a wildcard), in order. */
export function paramsOf(path: string): string[] {
  return [...path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
}

/** A route path with its parameters replaced: each value is used as it is (encode it first if needed). */
export function fill(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const v = values[name ?? '*'];
    if (v === undefined) throw new Error(`no value for ${whole} in ${path}`);
    return v;
  });
}
