import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { InvalidCredentialsError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { UserEntity } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { SessionEntity } from './entities/session.entity';
import { isVellumJwt, verifyAccessToken } from './jwt';
import { tokenHash } from './token-hash';

type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

/** Turns a presented token (JWT or static) into an Accountability (API.md 1.2). */
@Injectable()
export class AccountabilityService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly usersService: UsersService,
  ) {}

  get sessionCookieName(): string {
    return this.config.auth.sessionCookie.name;
  }

  async forToken(token: string, context: RequestContext): Promise<Accountability> {
    if (isVellumJwt(token)) {
      const payload = verifyAccessToken(token, this.config.secret);
      if (payload.session) {
        // A session-mode token dies with its session (logout), not only when it expires.
        const alive = await this.sessions.exists({
          where: { token: tokenHash(payload.session), expires: MoreThan(new Date()) },
        });
        if (!alive) throw new InvalidCredentialsError();
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
    const user = await this.users.findOneBy({ token: tokenHash(token), status: 'active' });
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
