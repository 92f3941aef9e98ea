import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { COUNTER_STORE, CounterStore } from '../rate-limiter/counter-store';
import { SettingsService } from '../settings/settings.service';

/**
 * Failed-login lockout (API.md, Vellum's decisions): failures per user are counted in the shared store;
 * after `settings.auth_login_attempts` of them the account is locked until AUTH_LOCKOUT_DURATION has
 * passed since the first failure. A null threshold disables the lockout.
 */
@Injectable()
export class LoginLockoutService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    private readonly settings: SettingsService,
  ) {}

  async isLocked(userId: string): Promise<boolean> {
    const threshold = await this.threshold();
    if (threshold === null) return false;
    return (await this.store.get(key(userId))).count >= threshold;
  }

  async recordFailure(userId: string): Promise<void> {
    if ((await this.threshold()) === null) return;
    await this.store.hit(key(userId), this.config.auth.lockoutDuration);
  }

  async recordSuccess(userId: string): Promise<void> {
    await this.store.reset(key(userId));
  }

  private async threshold(): Promise<number | null> {
    return (await this.settings.read()).auth_login_attempts;
  }
}

function key(userId: string): string {
  return `login-failures:${userId}`;
}
