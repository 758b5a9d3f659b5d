import { LRUCache } from 'lru-cache';

/**
 * Remembers computed values by key, at most `maxEntries` of them, least recently used out first
 * (lru-cache). Used by imports, which see the same few texts many times. Values are boxed because
 * lru-cache stores no null or undefined, and "no match" is a result worth remembering.
 */
export class BoundedMemo<V> {
  private readonly values: LRUCache<string, { value: V }>;

  constructor(maxEntries: number) {
    this.values = new LRUCache<string, { value: V }>({ max: maxEntries });
  }

  get(key: string, compute: () => V): V {
    const hit = this.values.get(key);
    if (hit) return hit.value;
    const value = compute();
    this.values.set(key, { value });
    return value;
  }
}
