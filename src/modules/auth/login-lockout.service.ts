import { Inject, Injectable } from '@nestjs/common';
import { InvalidCredentialsError, InvalidOtpError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { COUNTER_STORE, CounterStore } from '../rate-limiter/counter-store';
import { requestsExceeded } from '../rate-limiter/requests-exceeded';
import { sourceKey } from '../rate-limiter/source-key';
import { SettingsService } from '../settings/settings.service';
import { tokenHash } from '../tokens/token-hash';

/**
 * Failed sign-ins (API.md, sign-in limits), counted in the shared store for AUTH_LOCKOUT_DURATION from
 * the first one:
 * - per subject (a user's email, a share) and source: after `settings.auth_login_attempts` attempts
 *   without a success, that source is locked out of that subject; the owner elsewhere is not, so a
 *   stranger cannot lock them out. A null setting turns this off.
 * - per source over every subject: past AUTH_LOGIN_IP_ATTEMPTS failures, every sign-in from it answers
 *   429, so one source cannot guess its way through many accounts.
 * A source is an IPv4 address or an IPv6 /64 (sourceKey), as express sees it behind the trusted proxy.
 */
@Injectable()
export class LoginLockoutService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    private readonly settings: SettingsService,
  ) {}

  /**
   * Runs one sign-in `attempt` at `subject` from `ip` under both counts. A locked attempt answers
   * INVALID_CREDENTIALS, as a wrong password does, whatever it carries; INVALID_CREDENTIALS and
   * INVALID_OTP from the attempt are failures.
   */
  async guard<T>(subject: string, ip: string | null, attempt: () => Promise<T>): Promise<T> {
    const source = sourceKey(ip);
    await this.assertSourceOpen(source);
    const threshold = (await this.settings.read()).auth_login_attempts;
    const key = `sign-in:${tokenHash(subject)}:${source}`;
    // Counted before the check, so parallel attempts cannot slip past the threshold; a success resets it.
    if (threshold !== null && (await this.store.hit(key, this.config.auth.lockoutDuration)).count > threshold) {
      await this.recordSourceFailure(source);
      throw new InvalidCredentialsError();
    }
    try {
      const result = await attempt();
      await this.store.reset(key);
      return result;
    } catch (e) {
      if (e instanceof InvalidCredentialsError || e instanceof InvalidOtpError) await this.recordSourceFailure(source);
      throw e;
    }
  }

  private async assertSourceOpen(source: string): Promise<void> {
    const limit = this.config.auth.loginIpAttempts;
    if (limit === 0) return;
    const failures = await this.store.get(sourceCounter(source));
    if (failures.count >= limit) throw requestsExceeded(limit, failures.msLeft);
  }

  private async recordSourceFailure(source: string): Promise<void> {
    if (this.config.auth.loginIpAttempts === 0) return;
    await this.store.hit(sourceCounter(source), this.config.auth.lockoutDuration);
  }
}

function sourceCounter(source: string): string {
  return `sign-in-source:${source}`;
}
