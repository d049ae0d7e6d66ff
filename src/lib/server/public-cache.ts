// A short-lived in-process cache for the public read endpoints: the home page asks for the same few
// lists on every visit, and a burst of visitors should cost one query each, not one per visitor.
// Admin mutations clear it at once on this instance; other instances see a change within the TTL.
export class PublicCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  readonly #onClear = new Set<() => void>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  get ttlMs(): number {
    return this.#ttlMs;
  }

  /** Something else derived from the public data (serialised answers, rendered pages) is dropped with it. */
  onClear(fn: () => void): () => void {
    this.#onClear.add(fn);
    return () => this.#onClear.delete(fn);
  }

  /** The cached value for key, or fn()'s; concurrent callers share one pending call. Failures are not kept. */
  wrap<T>(key: string, fn: () => Promise<T>): Promise<T> {
    if (this.#ttlMs <= 0) return fn();
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = fn();
    this.#entries.set(key, { expires: now + this.#ttlMs, value });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  clear() {
    this.#entries.clear();
    for (const fn of this.#onClear) fn();
  }
}
