import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { InvalidCredentialsError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { HashService } from '../hash/hash.service';
import { UsersService } from '../users/users.service';
import { SessionEntity } from './entities/session.entity';
import { signAccessToken } from './jwt';
import { tokenHash } from './token-hash';

export interface LoginResult {
  accessToken: string;
  refreshToken: string;
  expires: number;
}

type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly users: UsersService,
    private readonly hasher: HashService,
  ) {}

  async login(email: string, password: string, context: RequestContext): Promise<LoginResult> {
    const started = Date.now();
    try {
      return await this.verifyAndOpenSession(email, password, context);
    } finally {
      // API.md 3.1: every answer takes at least LOGIN_STALL_TIME, so timing does not reveal which emails exist.
      const remaining = this.config.auth.loginStallTime - (Date.now() - started);
      if (remaining > 0) await sleep(remaining);
    }
  }

  private async verifyAndOpenSession(email: string, password: string, context: RequestContext): Promise<LoginResult> {
    const user = await this.users.findByEmail(email);
    if (!user || user.status !== 'active' || user.provider !== 'default' || !user.password) {
      throw new InvalidCredentialsError();
    }
    if (!(await this.hasher.verify(user.password, password))) throw new InvalidCredentialsError();

    const role = await this.users.findRole(user.role);
    const refreshToken = randomBytes(48).toString('base64url');
    await this.sessions.delete({ expires: LessThan(new Date()) });
    await this.sessions.insert({
      token: tokenHash(refreshToken),
      user: user.id,
      expires: new Date(Date.now() + this.config.auth.refreshTokenTtl),
      ip: context.ip,
      user_agent: context.userAgent,
      origin: context.origin,
    });
    await this.users.touchLastAccess(user.id);
    const accessToken = signAccessToken(
      { id: user.id, role: user.role, app_access: role?.app_access ?? false, admin_access: role?.admin_access ?? false },
      this.config.secret,
      this.config.auth.accessTokenTtl,
    );
    return { accessToken, refreshToken, expires: this.config.auth.accessTokenTtl };
  }
}
