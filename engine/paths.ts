/** Dotted paths in the local model: 'roofs.2.drainage.horizontal'. Numeric segments index arrays. */

const segments = new Map<string, readonly string[]>();

/** Splits a dotted path into segments (memoised: rules read the same few paths over and over); '' has none. */
export function splitPath(path: string): readonly string[] {
  let s = segments.get(path);
  if (s === undefined) {
    s = path === '' ? [] : path.split('.');
    if (segments.size < 10_000) segments.set(path, s);
  }
  return s;
}

/** Reads the value at `path`, or undefined when any segment is missing. */
export function getPath(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const seg of splitPath(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/**
 * Returns a copy of `root` with `value` at `path`, copying only the containers on the way (structural
 * sharing: untouched cards keep their identity). Missing containers are created (arrays for numeric
 * segments).
 */
export function setPath<T>(root: T, path: string, value: unknown): T {
  const segs = splitPath(path);
  const write = (node: unknown, i: number): unknown => {
    if (i === segs.length) return value;
    const seg = segs[i] as string;
    const isIndex = /^\d+$/.test(seg);
    const base: unknown =
      node !== null && typeof node === 'object' ? node : isIndex ? [] : ({} as Record<string, unknown>);
    if (Array.isArray(base)) {
      const copy = base.slice();
      copy[Number(seg)] = write(base[Number(seg)], i + 1);
      return copy;
    }
    const obj = base as Record<string, unknown>;
    return { ...obj, [seg]: write(obj[seg], i + 1) };
  };
  return write(root, 0) as T;
}

/**
 * True when the dependency pattern `dep` (segments, '*' matching any array index) and the changed path
 * overlap: one is a prefix of the other.
 */
export function pathsOverlap(dep: string, changed: string): boolean {
  const a = splitPath(dep);
  const b = splitPath(changed);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x === y) continue;
    if ((x === '*' && /^\d+$/.test(y)) || (y === '*' && /^\d+$/.test(x))) continue;
    return false;
  }
  return true;
}
