import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../../common/clock';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { isUrlAllowed } from '../../common/url/is-url-allowed';
import { withQueryParam } from '../../common/url/with-query-param';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { MailService } from '../mail/mail.service';
import { MailLimiterService } from '../rate-limiter/mail-limiter.service';
import { SessionsService } from '../tokens/sessions.service';
import { SettingsService } from '../settings/settings.service';
import { assertPasswordPolicy } from '../users/lib/password-policy';
import { UsersService } from '../users/users.service';
import { signScopedToken, verifyScopedToken } from '../tokens/jwt';
import { withStall } from './lib/stall';
import { tokenHash } from '../tokens/token-hash';

const SCOPE = 'password-reset';

/** A short fingerprint of the stored password hash: it changes with the password, so a reset token works once. */
function passwordFingerprint(passwordHash: string | null): string {
  return tokenHash(passwordHash ?? '').slice(0, 16);
}

/** API.md 3.4. */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly settings: SettingsService,
    private readonly mail: MailService,
    private readonly limiter: MailLimiterService,
  ) {}

  async request(email: string, resetUrl: string | null | undefined, ip: string | null): Promise<void> {
    // The answers that differ depend on the URL and the caller's address alone, never on the email.
    if (resetUrl && !isUrlAllowed(resetUrl, this.config.auth.passwordResetUrlAllowList)) {
      throw new InvalidPayloadError(`URL "${resetUrl}" can't be used to reset passwords`);
    }
    await this.limiter.admitSource('password-reset', ip);
    await withStall(this.config.auth.loginStallTime, async () => {
      if (!(await this.limiter.admitAddress('password-reset', email))) return;
      const user = await this.users.findByEmail(email);
      // Unknown, inactive and external users get the same silent success (API.md 10).
      if (!user?.email || user.status !== 'active' || user.provider !== 'default') return;
      const token = signScopedToken(
        SCOPE,
        { email: user.email, hash: passwordFingerprint(user.password) },
        this.config.secret,
        this.config.auth.passwordResetTokenTtl,
        this.clock.now(),
      );
      const link = withQueryParam(resetUrl ?? `${this.config.publicUrl}/admin/reset-password`, 'token', token);
      this.mail.sendInBackground({
        to: user.email,
        subject: 'Password reset request',
        text: `A password reset was requested for your account. Open this link to choose a new password:\n\n${link}\n\nIf you did not ask for it, ignore this mail.`,
        html: `<p>A password reset was requested for your account.</p><p><a href="${link}">Choose a new password</a></p><p>If you did not ask for it, ignore this mail.</p>`,
      });
    });
  }

  async reset(token: string, password: string): Promise<void> {
    const payload = verifyScopedToken(token, this.config.secret, SCOPE, this.clock.now());
    const user = typeof payload.email === 'string' ? await this.users.findByEmail(payload.email) : null;
    if (!user || user.status !== 'active' || passwordFingerprint(user.password) !== payload.hash) {
      throw new ForbiddenError();
    }
    assertPasswordPolicy(password, (await this.settings.read()).auth_password_policy);
    await this.users.setPassword(user.id, password);
    await this.sessions.deleteForUser(user.id);
  }
}
