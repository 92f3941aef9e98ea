interface Entry<T> {
  generation: string;
  expires: number;
  value: T;
  weight: number;
}

/**
 * Values read from tables, each kept with the data generation it was read at (CountCacheService): a
 * value is answered only while the generation is the same and its time has not run out, so a write
 * through any instance makes it unreadable at once and a write outside Vellum after the time limit.
 * Bounded by the sum of the entries' weights (by default each weighs 1, the capacity is a count): when
 * full, the entries read least recently go.
 */
export class GenerationCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
    private readonly weigh: (value: T) => number = () => 1,
  ) {}

  get(key: string, generation: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key, entry);
    if (entry.generation !== generation || entry.expires <= this.now()) return undefined;
    this.add(key, entry);
    return entry.value;
  }

  set(key: string, generation: string, value: T, ttl: number): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const weight = this.weigh(value);
    if (weight > this.capacity) return;
    for (const [oldest, entry] of this.entries) {
      if (this.weight + weight <= this.capacity) break;
      this.remove(oldest, entry);
    }
    this.add(key, { generation, expires: this.now() + ttl, value, weight });
  }

  private add(key: string, entry: Entry<T>): void {
    this.entries.set(key, entry);
    this.weight += entry.weight;
  }

  private remove(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
