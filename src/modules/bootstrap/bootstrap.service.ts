import { randomBytes } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { SettingsService } from '../settings/settings.service';
import { UsersService } from '../users/users.service';

export const BOOTSTRAP_OUTPUT = Symbol('BOOTSTRAP_OUTPUT');
/** Where the generated first-admin password is printed (stdout; replaceable in tests). */
export type BootstrapOutput = (line: string) => void;

/** A framed block, so the one-time password stands out among the log lines around it. */
export function adminBanner(email: string, password: string): string {
  const lines = [`First admin created: ${email} / ${password}`, 'Store this password now; it will not be shown again.'];
  const rule = '='.repeat(Math.max(...lines.map((line) => line.length)) + 4);
  return `\n${rule}\n${lines.map((line) => `  ${line}`).join('\n')}\n${rule}\n\n`;
}

/**
 * First start on an empty database: the settings row, and the first admin in an Administrator role that an
 * Administrator policy (admin and app access) is attached to, as the reference platform installs itself.
 */
@Injectable()
export class BootstrapService implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BOOTSTRAP_OUTPUT) private readonly output: BootstrapOutput,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
    private readonly logger: AppLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.settings.ensure();
    if ((await this.users.count()) > 0) return;

    const generated = this.config.admin.password === undefined;
    const password = this.config.admin.password ?? randomBytes(18).toString('base64url');
    const role = await this.users.createRole({
      name: 'Administrator',
      icon: 'verified',
      admin_access: false,
      app_access: false,
    });
    await this.users.attachNewPolicy(role.id, {
      name: 'Administrator',
      icon: 'verified',
      description: 'Full access, given to the first admin at the first start',
      admin_access: true,
      app_access: true,
    });
    await this.users.createUser({
      email: this.config.admin.email,
      password,
      role: role.id,
      first_name: 'Admin',
      last_name: 'User',
    });
    this.logger.info({ email: this.config.admin.email }, 'first admin created');
    if (generated) {
      // Printed once: the password is stored only as an argon2 hash from here on.
      this.output(adminBanner(this.config.admin.email, password));
    }
  }
}
