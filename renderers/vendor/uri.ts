/**
 * What @rjsf/utils takes from fast-uri: resolving a `$ref` against the `$id` of the schema holding it, and
 * comparing two URIs, done by the browser's own URL parser (RFC 3986 resolution) instead of a 22 KB
 * library (vite.config.ts aliases the import here). A reference that is not a URL is kept as written.
 */
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

function equal(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

export default { resolve, equal };
