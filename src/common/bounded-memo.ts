/**
 * Remembers computed values by key, at most `maxEntries` of them, dropping the oldest first.
 * Used by imports, which see the same few texts many times. (A Map keeps insertion order, which
 * is all a drop-oldest bound needs; issue 12 plans lru-cache for the service's caches.)
 */
export class BoundedMemo<V> {
  private readonly values = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, compute: () => V): V {
    if (this.values.has(key)) return this.values.get(key) as V;
    const value = compute();
    this.values.set(key, value);
    if (this.values.size > this.maxEntries) this.values.delete(this.values.keys().next().value!);
    return value;
  }
}
