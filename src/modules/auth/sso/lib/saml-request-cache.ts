import type { CacheItem, CacheProvider } from '@node-saml/node-saml';

/**
 * The IDs of the AuthnRequests this process sent, for node-saml's InResponseTo check. Anyone can make
 * Vellum send one (`GET /auth/login/<name>` is public), so unlike the library's own cache (pruned every
 * 8 hours, unbounded) it forgets them after `ttlMs` and keeps at most `max`, the oldest going first.
 */
export class SamlRequestCache implements CacheProvider {
  private readonly items = new Map<string, CacheItem>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  saveAsync(key: string, value: string): Promise<CacheItem | null> {
    if (this.items.has(key)) return Promise.resolve(null);
    while (this.items.size >= this.max) this.items.delete(this.items.keys().next().value!);
    const item = { value, createdAt: this.now() };
    this.items.set(key, item);
    return Promise.resolve(item);
  }

  getAsync(key: string): Promise<string | null> {
    const item = this.items.get(key);
    if (!item) return Promise.resolve(null);
    if (this.now() >= item.createdAt + this.ttlMs) {
      this.items.delete(key);
      return Promise.resolve(null);
    }
    return Promise.resolve(item.value);
  }

  removeAsync(key: string | null): Promise<string | null> {
    const item = key === null ? undefined : this.items.get(key);
    if (key !== null) this.items.delete(key);
    return Promise.resolve(item?.value ?? null);
  }
}
