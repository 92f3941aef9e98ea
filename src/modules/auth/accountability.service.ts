import { Inject, Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { InvalidCredentialsError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig, CookieConfig } from '../../config/app-config';
import { SessionsService } from '../sessions/sessions.service';
import { UsersService } from '../users/users.service';
import { isVellumJwt, verifyAccessToken } from './jwt';

type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

/** Turns a presented token (JWT or static) into an Accountability (API.md 1.2). */
@Injectable()
export class AccountabilityService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsService,
    private readonly usersService: UsersService,
  ) {}

  get sessionCookie(): CookieConfig {
    return this.config.auth.sessionCookie;
  }

  async forToken(token: string, context: RequestContext): Promise<Accountability> {
    if (isVellumJwt(token)) {
      const payload = verifyAccessToken(token, this.config.secret);
      if (payload.session) {
        // A session-mode token dies with its session (logout), not only when it expires.
        if (!(await this.sessions.isAlive(payload.session))) throw new InvalidCredentialsError();
      }
      return {
        user: payload.id,
        role: payload.role,
        admin: payload.admin_access,
        app: payload.app_access,
        session: payload.session,
        ...context,
      };
    }
    return this.forStaticToken(token, context);
  }

  private async forStaticToken(token: string, context: RequestContext): Promise<Accountability> {
    const user = await this.usersService.findByStaticToken(token);
    if (!user) throw new InvalidCredentialsError();
    const role = await this.usersService.findRole(user.role);
    return {
      user: user.id,
      role: user.role,
      admin: role?.admin_access ?? false,
      app: role?.app_access ?? false,
      ...context,
    };
  }
}
