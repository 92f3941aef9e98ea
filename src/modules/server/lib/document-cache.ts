/**
 * Documents kept per schema version and access digest. A new version drops every older document; past
 * `capacity` the oldest is dropped, so a project with many distinct accesses (shares) stays bounded.
 */
export class DocumentCache<T> {
  private readonly entries = new Map<string, T>();
  private version: number | null = null;

  constructor(private readonly capacity: number) {}

  get(version: number, key: string, build: () => T): T {
    if (version !== this.version) {
      // Only a newer version replaces the kept ones: a request that began before a schema change must
      // not throw away the documents of the schema that is now current.
      if (this.version !== null && version < this.version) return build();
      this.entries.clear();
      this.version = version;
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = build();
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
