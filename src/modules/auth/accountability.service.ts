import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Accountability } from '../../common/accountability';
import { InvalidCredentialsError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig, CookieConfig } from '../../config/app-config';
import { UsersService } from '../users/users.service';
import { isVellumJwt } from './jwt';
import { JwtStrategy } from './strategies/jwt.strategy';

type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

/** Turns a presented token (JWT or static) into an Accountability (API.md 1.2). */
@Injectable()
export class AccountabilityService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwtStrategy: JwtStrategy,
    private readonly usersService: UsersService,
  ) {}

  get sessionCookie(): CookieConfig {
    return this.config.auth.sessionCookie;
  }

  /** `token` is the one the request presents; a Vellum JWT is verified by JwtStrategy from the request itself. */
  async forToken(req: Request, token: string, context: RequestContext): Promise<Accountability> {
    const known = await this.jwtStrategy.verifiedBefore(token);
    if (!known && !isVellumJwt(token)) return this.forStaticToken(token, context);
    const payload = known ?? (await this.jwtStrategy.accessToken(req, token));
    return {
      user: payload.id ?? null,
      role: payload.role,
      admin: payload.admin_access,
      app: payload.app_access,
      session: payload.session,
      ...(payload.share && payload.share_scope ? { share: { id: payload.share, ...payload.share_scope } } : {}),
      ...context,
    };
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
