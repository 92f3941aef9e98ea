import type { CacheStore } from './cache-store';

/** Bound on entries so a long-running process without Redis cannot grow without limit. */
const MAX_ENTRIES = 10_000;

export class MemoryStore implements CacheStore {
  private readonly entries = new Map<string, { value: string; expires: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly capacity = MAX_ENTRIES,
  ) {}

  async getMany(keys: string[]): Promise<(string | undefined)[]> {
    return keys.map((key) => {
      const entry = this.entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= this.now()) {
        this.entries.delete(key);
        return undefined;
      }
      // Read again last: when full, the entries read least recently go first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    });
  }

  async set(key: string, value: string, ttl?: number): Promise<void> {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.evict();
    this.entries.set(key, { value, expires: ttl === undefined ? Infinity : this.now() + ttl });
  }

  async setMany(entries: [string, string][]): Promise<void> {
    for (const [key, value] of entries) await this.set(key, value);
  }

  async deleteByPrefix(prefix: string): Promise<void> {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    // Maps iterate in insertion order: the first keys are the least recently used.
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.capacity) break;
      this.entries.delete(key);
    }
  }
}
