import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { tokenHash } from '../tokens/token-hash';
import { COUNTER_STORE, CounterStore } from './counter-store';
import { requestsExceeded } from './requests-exceeded';
import { sourceKey } from './source-key';

export type MailKind = 'password-reset' | 'invite';

/**
 * Limits on the mails anyone can make Vellum send (API.md, sign-in limits): per source, on the requests
 * asking for them (AUTH_MAIL_IP_*), and per address, on the mails themselves (AUTH_MAIL_ADDRESS_*).
 * Counted in the shared store, so every instance keeps one count.
 */
@Injectable()
export class MailLimiterService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
  ) {}

  /** Counts a request from `ip`; 429 REQUESTS_EXCEEDED past the limit, before anything is written or sent. */
  async admitSource(kind: MailKind, ip: string | null): Promise<void> {
    const { points, duration } = this.config.auth.mailPerIp;
    if (points === 0) return;
    const hit = await this.store.hit(`mail-source:${kind}:${sourceKey(ip)}`, duration);
    if (hit.count > points) throw requestsExceeded(points, hit.msLeft);
  }

  /**
   * Counts a mail to `address`; false past the limit. The caller then sends nothing and answers as
   * usual: a different answer would tell anyone which addresses have an account.
   */
  async admitAddress(kind: MailKind, address: string): Promise<boolean> {
    const { points, duration } = this.config.auth.mailPerAddress;
    if (points === 0) return true;
    // Hashed: the shared store (Redis) need not hold a list of addresses.
    const digest = tokenHash(address.toLowerCase());
    return (await this.store.hit(`mail-address:${kind}:${digest}`, duration)).count <= points;
  }
}
