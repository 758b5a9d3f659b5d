import { createHash } from 'node:crypto';

/** A small in-memory TTL cache with a size cap (oldest entries go first). */
export class TtlCache<T> {
  private readonly entries = new Map<string, { expires: number; value: T }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { expires: this.now() + this.ttlMs, value });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** Cache key of a request: the client and a hash of the body with keys sorted, so field order does not matter. */
export function requestKey(clientId: string, body: object): string {
  const sorted = JSON.stringify(
    Object.fromEntries(
      Object.entries(body)
        .filter(([, v]) => v !== undefined && v !== null)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
  return `${clientId}:${createHash('sha256').update(sorted).digest('hex')}`;
}
