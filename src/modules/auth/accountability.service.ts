import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Accountability } from '../../common/accountability';
import { InvalidCredentialsError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig, CookieConfig } from '../../config/app-config';
import { AccessGrantsService } from '../permissions/access-grants.service';
import { UsersService } from '../users/users.service';
import { isVellumJwt } from '../tokens/jwt';
import { JwtStrategy } from './strategies/jwt.strategy';

type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

/** Turns a presented token (JWT or static) into an Accountability (API.md 1.2). */
@Injectable()
export class AccountabilityService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwtStrategy: JwtStrategy,
    private readonly usersService: UsersService,
    private readonly grants: AccessGrantsService,
  ) {}

  get sessionCookie(): CookieConfig {
    return this.config.auth.sessionCookie;
  }

  /** `token` is the one the request presents; a Vellum JWT is verified by JwtStrategy from the request itself. */
  async forToken(req: Request, token: string, context: RequestContext): Promise<Accountability> {
    const known = await this.jwtStrategy.verifiedBefore(token);
    if (!known && !isVellumJwt(token)) return this.forStaticToken(token, context);
    const payload = known ?? (await this.jwtStrategy.accessToken(req, token));
    if (payload.share && payload.share_scope) {
      const share = { id: payload.share, ...payload.share_scope };
      return { user: null, role: payload.role, admin: false, app: false, session: payload.session, share, ...context };
    }
    // From the policies as they are now and the request's address, not from the token's claims: a policy
    // taken away, or limited to other addresses, stops counting at once.
    const caller = { user: payload.id ?? null, role: payload.role, ip: context.ip };
    const globals = await this.grants.globals(caller);
    return { ...caller, admin: globals.admin_access, app: globals.app_access, session: payload.session, ...context };
  }

  private async forStaticToken(token: string, context: RequestContext): Promise<Accountability> {
    const user = await this.usersService.findByStaticToken(token);
    if (!user) throw new InvalidCredentialsError();
    const globals = await this.grants.globals({ user: user.id, role: user.role, ip: context.ip });
    return { user: user.id, role: user.role, admin: globals.admin_access, app: globals.app_access, ...context };
  }
}
