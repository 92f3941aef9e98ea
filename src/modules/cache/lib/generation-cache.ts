interface Entry<T> {
  generation: string;
  expires: number;
  value: T;
}

/**
 * Values read from tables, each kept with the data generation it was read at (CountCacheService): a
 * value is answered only while the generation is the same and its time has not run out, so a write
 * through any instance makes it unreadable at once and a write outside Vellum after the time limit.
 * Bounded: when full, the entry read least recently goes.
 */
export class GenerationCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, generation: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.generation !== generation || entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, generation: string, value: T, ttl: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { generation, expires: this.now() + ttl, value });
  }
}
