import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { InvalidCredentialsError, InvalidPayloadError, UserSuspendedError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ActivityService } from '../activity/activity.service';
import { SessionEntity } from './entities/session.entity';
import { SessionsService } from './sessions.service';
import { UserEntity } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { signAccessToken } from './jwt';
import { nextSessionToken } from './lib/next-session-token';
import { withStall } from './lib/stall';
import { LocalStrategy } from './strategies/local.strategy';
import { tokenHash } from './token-hash';

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

type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

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
  ) {}

  async login(input: LoginInput, context: RequestContext): Promise<IssuedTokens> {
    // The stall covers passport's failures too, so no outcome answers faster than another.
    return withStall(this.config.auth.loginStallTime, () => this.verifyAndOpenSession(input, context));
  }

  /** API.md 3.2: json/cookie tokens rotate in place; session tokens rotate with a grace window. */
  async refresh(mode: AuthMode, token: string | undefined): Promise<IssuedTokens> {
    if (!token) throw new InvalidPayloadError('The refresh token is required in either the payload or cookie');
    const session = await this.sessions.findAlive(token);
    if (!session?.user) throw new InvalidCredentialsError();
    const user = await this.users.findById(session.user);
    if (!user || user.status !== 'active') {
      await this.sessions.delete(token);
      if (user?.status === 'suspended') throw new UserSuspendedError();
      throw new InvalidCredentialsError();
    }

    let next: string;
    if (mode === 'session') {
      next = nextSessionToken(this.config.secret, token);
      if (session.next_token === null) {
        await this.rotateSession(session, next);
      } else if (session.next_token !== tokenHash(next)) {
        throw new InvalidCredentialsError();
      }
    } else {
      next = randomToken();
      // The old token dies here: a second use of it finds no row and fails.
      if (!(await this.sessions.replaceToken(token, next, this.config.auth.refreshTokenTtl))) {
        throw new InvalidCredentialsError();
      }
    }
    await this.users.touchLastAccess(user.id);
    return this.issue(user, mode, next);
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
    const user = await this.localStrategy.authenticateCredentials(input);
    const mode = input.mode ?? 'json';
    const token = randomToken();
    await this.sessions.deleteExpired();
    // Even session-mode logins start with REFRESH_TOKEN_TTL on the row (API.md 3.1); refreshes shorten it.
    await this.dataSource.transaction(async (manager) => {
      await this.sessions.create(token, user.id, this.config.auth.refreshTokenTtl, context, manager);
      await this.activity.record(manager, { action: 'login', collection: USERS_COLLECTION, item: user.id, acc: { user: user.id, ...context } });
    });
    await this.users.touchLastAccess(user.id);
    return this.issue(user, mode, token);
  }

  private async rotateSession(session: SessionEntity, next: string): Promise<void> {
    try {
      await this.sessions.rotate(session, next, this.config.auth.sessionCookieTtl, this.config.auth.sessionRefreshGracePeriod);
    } catch (e) {
      // A concurrent refresh of the same token rotated it first: its next token is ours too.
      const rotated = await this.sessions.find(next);
      if (!rotated) throw e;
    }
  }

  private async issue(user: UserEntity, mode: AuthMode, token: string): Promise<IssuedTokens> {
    const role = await this.users.findRole(user.role);
    const ttl = mode === 'session' ? this.config.auth.sessionCookieTtl : this.config.auth.accessTokenTtl;
    const accessToken = signAccessToken(
      {
        id: user.id,
        role: user.role,
        app_access: role?.app_access ?? false,
        admin_access: role?.admin_access ?? false,
        ...(mode === 'session' ? { session: token } : {}),
        ...(role?.enforce_tfa && !user.tfa_secret ? { enforce_tfa: true } : {}),
      },
      this.config.secret,
      ttl,
    );
    return { mode, accessToken, token, expires: ttl };
  }
}
