/** Where cached values live: this process (`memory`) or Redis, shared by every instance (`redis`). */
export interface CacheStore {
  getMany(keys: string[]): Promise<(string | undefined)[]>;
  /** `ttl` in milliseconds; none keeps the value until it is deleted. */
  set(key: string, value: string, ttl?: number): Promise<void>;
  setMany(entries: [string, string][]): Promise<void>;
  deleteByPrefix(prefix: string): Promise<void>;
}
