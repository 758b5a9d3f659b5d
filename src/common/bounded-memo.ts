/**
 * Remembers computed values by key, at most `maxEntries` of them. Used by imports, which see the
 * same few texts many times, and by enrich, which reads the same ticket texts request after request.
 *
 * Two generations of half the size each: new values go into the young one; when it is full it
 * becomes the old one and the previous old one is dropped whole. A value found in the old
 * generation moves to the young one, so texts in use stay. Dropping the oldest entry one at a
 * time (`map.delete(map.keys().next().value)`) was the first version: V8 leaves deleted entries
 * as holes until the table is rebuilt, and every eviction walked past them. At a full memo of
 * 10,000 texts that cost 4.5-8.5 µs a lookup against 1.5 µs for the generations (400,000 lookups,
 * 70% repeats, 2026-11-26), and 0.4 ms of an enrich request's CPU.
 *
 * Kept instead of lru-cache (which the enrichment and host-client caches use, for their TTLs)
 * because measurement says so: fix normalization and problem classification of the 100,000-row
 * demo history (the memoized part of the CLI import), 2026-11-24, alternating runs on a busy
 * 2-core machine, took 693/814/732 ms of CPU with the first version of this memo against
 * 833/937/1,012 ms with lru-cache (values boxed, since lru-cache stores no null or undefined),
 * and 951/809/1,118 against 909/1,053/1,105 ms unboxed with sentinels.
 */
export class BoundedMemo<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();
  private readonly generationSize: number;

  constructor(maxEntries: number) {
    this.generationSize = Math.max(1, Math.floor(maxEntries / 2));
  }

  get(key: string, compute: () => V): V {
    if (this.young.has(key)) return this.young.get(key) as V;
    const value = this.old.has(key) ? (this.old.get(key) as V) : compute();
    this.young.set(key, value);
    if (this.young.size >= this.generationSize) {
      this.old = this.young;
      this.young = new Map();
    }
    return value;
  }
}
