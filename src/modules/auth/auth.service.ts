import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import {
  InvalidCredentialsError,
  InvalidPayloadError,
  InvalidProviderError,
  UserSuspendedError,
} from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ActivityService } from '../activity/activity.service';
import { AccessGrantsService } from '../permissions/access-grants.service';
import { SharesService, ShareScope } from '../shares/shares.service';
import { SessionEntity } from '../tokens/entities/session.entity';
import { SessionsService } from '../tokens/sessions.service';
import { UserEntity } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { signAccessToken } from '../tokens/jwt';
import { nextSessionToken } from './lib/next-session-token';
import { withStall } from './lib/stall';
import { LoginLockoutService } from './login-lockout.service';
import { LocalStrategy } from './strategies/local.strategy';
import { tokenHash } from '../tokens/token-hash';

export type AuthMode = 'json' | 'cookie' | 'session';

/**
 * What login and refresh hand to the HTTP layer. `token` is the refresh token (json, cookie) or the
 * session token whose JWT goes into the session cookie (session); `expires` is the JWT's TTL in ms.
 */
export interface IssuedTokens {
  mode: AuthMode;
  accessToken: string;
  token: string;
  expires: number;
}

export interface LoginInput {
  email: string;
  password: string;
  otp?: string | null;
  mode?: AuthMode | null;
}

export type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

const USERS_COLLECTION = 'svc_users';

function randomToken(): string {
  return randomBytes(48).toString('base64url');
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly localStrategy: LocalStrategy,
    private readonly activity: ActivityService,
    private readonly shares: SharesService,
    private readonly lockout: LoginLockoutService,
    private readonly grants: AccessGrantsService,
  ) {}

  async login(input: LoginInput, context: RequestContext): Promise<IssuedTokens> {
    // AUTH_DISABLE_DEFAULT: as in the reference, the email/password provider does not exist (GraphQL's auth_login).
    if (this.config.auth.disableDefault) throw new InvalidProviderError();
    // The stall covers passport's failures too, so no outcome answers faster than another.
    return withStall(this.config.auth.loginStallTime, () => this.verifyAndOpenSession(input, context));
  }

  /** API.md 3.2: json/cookie tokens rotate in place; session tokens rotate with a grace window. */
  async refresh(mode: AuthMode, token: string | undefined, context: Pick<RequestContext, 'ip'>): Promise<IssuedTokens> {
    if (!token) throw new InvalidPayloadError('The refresh token is required in either the payload or cookie');
    const session = await this.sessions.findAlive(token);
    if (session?.share) return this.refreshShare(session, mode, token);
    if (!session?.user) throw new InvalidCredentialsError();
    const user = await this.users.findById(session.user);
    if (!user || user.status !== 'active') {
      await this.sessions.delete(token);
      if (user?.status === 'suspended') throw new UserSuspendedError();
      throw new InvalidCredentialsError();
    }

    const next = await this.rotate(session, mode, token);
    await this.users.touchLastAccess(user.id);
    return this.issue(user, mode, next, context.ip);
  }

  /**
   * POST /shares/auth: a session of the share (no user), issued and refreshed like a login's; uses the
   * share once. Failures are counted and locked out per share and source, as a user's sign-ins are.
   */
  async shareLogin(
    input: { share: string; password?: string; mode?: AuthMode },
    context: RequestContext,
  ): Promise<IssuedTokens> {
    const share = await this.lockout.guard(`share:${input.share}`, context.ip, () =>
      this.shares.signIn(input.share, input.password),
    );
    const mode = input.mode ?? 'json';
    const token = randomToken();
    await this.sessions.deleteExpired();
    await this.sessions.create(token, { share: share.id }, this.config.auth.refreshTokenTtl, context);
    return this.issueForShare(share, mode, token);
  }

  /** The reference refreshes a share session while the share's dates allow it; a deleted share ends it. */
  private async refreshShare(session: SessionEntity, mode: AuthMode, token: string): Promise<IssuedTokens> {
    const share = await this.shares.stillOpen(session.share!);
    if (!share) {
      await this.sessions.delete(token);
      throw new InvalidCredentialsError();
    }
    return this.issueForShare(share, mode, await this.rotate(session, mode, token));
  }

  /** API.md 3.2: the next token, json/cookie ones rotated in place, session ones with a grace window. */
  private async rotate(session: SessionEntity, mode: AuthMode, token: string): Promise<string> {
    if (mode === 'session') {
      const next = nextSessionToken(this.config.secret, token);
      if (session.next_token === null) {
        await this.rotateSession(session, next);
      } else if (session.next_token !== tokenHash(next)) {
        throw new InvalidCredentialsError();
      }
      return next;
    }
    const next = randomToken();
    // The old token dies here: a second use of it finds no row and fails.
    if (!(await this.sessions.replaceToken(token, next, this.config.auth.refreshTokenTtl))) {
      throw new InvalidCredentialsError();
    }
    return next;
  }

  /** API.md 3.3: an unknown token still succeeds; a known one is recorded and removed. */
  async logout(token: string | undefined, context: RequestContext): Promise<void> {
    if (!token) throw new InvalidPayloadError('The refresh token is required in either the payload or cookie');
    const session = await this.sessions.find(token);
    if (!session) return;
    await this.dataSource.transaction(async (manager) => {
      if (session.user) {
        await this.activity.record(manager, {
          action: 'logout',
          collection: USERS_COLLECTION,
          item: session.user,
          acc: { user: session.user, ...context },
        });
      }
      await this.sessions.delete(token, manager);
    });
  }

  private async verifyAndOpenSession(input: LoginInput, context: RequestContext): Promise<IssuedTokens> {
    const user = await this.localStrategy.authenticateCredentials(input, context.ip);
    return this.openSession(user, input.mode ?? 'json', context);
  }

  /** A signed-in user's new session, whichever provider verified them (docs/API.md, Single sign-on). */
  async openSession(user: UserEntity, mode: AuthMode, context: RequestContext): Promise<IssuedTokens> {
    const token = randomToken();
    await this.sessions.deleteExpired();
    // Even session-mode logins start with REFRESH_TOKEN_TTL on the row (API.md 3.1); refreshes shorten it.
    await this.dataSource.transaction(async (manager) => {
      await this.sessions.create(token, { user: user.id }, this.config.auth.refreshTokenTtl, context, manager);
      await this.activity.record(manager, {
        action: 'login',
        collection: USERS_COLLECTION,
        item: user.id,
        acc: { user: user.id, ...context },
      });
    });
    await this.users.touchLastAccess(user.id);
    return this.issue(user, mode, token, context.ip);
  }

  private async rotateSession(session: SessionEntity, next: string): Promise<void> {
    try {
      await this.sessions.rotate(
        session,
        next,
        this.config.auth.sessionCookieTtl,
        this.config.auth.sessionRefreshGracePeriod,
      );
    } catch (e) {
      // A concurrent refresh of the same token rotated it first: its next token is ours too.
      const rotated = await this.sessions.find(next);
      if (!rotated) throw e;
    }
  }

  private issueForShare(share: ShareScope, mode: AuthMode, token: string): IssuedTokens {
    const ttl = this.accessTtl(mode);
    const accessToken = signAccessToken(
      {
        role: null,
        app_access: false,
        admin_access: false,
        share: share.id,
        share_scope: { collection: share.collection, item: share.item },
        ...(mode === 'session' ? { session: token } : {}),
      },
      this.config.secret,
      ttl,
    );
    return { mode, accessToken, token, expires: ttl };
  }

  private accessTtl(mode: AuthMode): number {
    return mode === 'session' ? this.config.auth.sessionCookieTtl : this.config.auth.accessTokenTtl;
  }

  /**
   * The token of a sign-in or refresh from `ip`. As the reference: a policy whose ip_access leaves out the
   * caller's address gives the token no admin or app access (the sign-in itself succeeds), while one that
   * enforces two-factor does so from any address.
   */
  private async issue(user: UserEntity, mode: AuthMode, token: string, ip: string | null): Promise<IssuedTokens> {
    const caller = { user: user.id, role: user.role };
    const here = await this.grants.globals({ ...caller, ip });
    const anywhere = await this.grants.globals(caller);
    const ttl = this.accessTtl(mode);
    const accessToken = signAccessToken(
      {
        id: user.id,
        role: user.role,
        app_access: here.app_access,
        admin_access: here.admin_access,
        ...(mode === 'session' ? { session: token } : {}),
        ...(anywhere.enforce_tfa && !user.tfa_secret ? { enforce_tfa: true } : {}),
      },
      this.config.secret,
      ttl,
    );
    return { mode, accessToken, token, expires: ttl };
  }
}
