/**
 * A cache of at most `maxBytes` (the sizes its caller gives), dropping the least recently used entries
 * first. A Map keeps its insertion order, so the entry read last is moved to its end and the oldest is
 * at its start.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  /** The bytes held now. */
  get bytes(): number {
    return this.total;
  }

  /** The number of entries held now. */
  get size(): number {
    return this.entries.size;
  }

  /** The value of `key`, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** Keeps `value` under `key`; one larger than the whole cache is not kept. */
  set(key: string, value: V, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.total -= old.bytes;
    }
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [k, e] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(k);
      this.total -= e.bytes;
    }
  }
}
