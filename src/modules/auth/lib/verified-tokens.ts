/**
 * Access tokens whose signature has already been checked, keyed by the exact token string: verifying an
 * HS256 JWT (decode, HMAC, claim checks) is the largest cost of an authenticated read, and clients send
 * the same token for its whole lifetime. A hit still honours the token's expiry; the caller still checks
 * what can change while a token lives (its session). Bounded: the oldest entry leaves first.
 */
export class VerifiedTokens<T> {
  private readonly entries = new Map<string, { value: T; expiresAtMs: number }>();

  constructor(private readonly capacity: number) {}

  get(token: string, nowMs: number): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** `expiresAtSeconds` is the token's `exp` claim; a token without one is not kept. */
  set(token: string, value: T, expiresAtSeconds: number | undefined): void {
    if (typeof expiresAtSeconds !== 'number' || this.capacity <= 0) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { value, expiresAtMs: expiresAtSeconds * 1000 });
  }
}
