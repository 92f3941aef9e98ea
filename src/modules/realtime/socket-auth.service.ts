import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import * as jwt from 'jsonwebtoken';
import type { Accountability } from '../../common/accountability';
import { TokenExpiredError } from '../../common/errors/errors';
import { AccountabilityService } from '../auth/accountability.service';
import { AuthService } from '../auth/auth.service';
import type { AuthMessage } from './lib/messages';
import { SocketError } from './lib/socket-error';

type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

export interface SocketAuth {
  acc: Accountability;
  /** When the access token expires (ms since the epoch); null for static tokens. */
  expiresAt: number | null;
  /** Answered to the client after a login or refresh, as the reference does. */
  refreshToken?: string;
}

/** Socket authentication through the same services as REST: token verification, login, refresh. */
@Injectable()
export class SocketAuthService {
  constructor(
    private readonly accountability: AccountabilityService,
    private readonly auth: AuthService,
  ) {}

  /** A token as REST takes it from `Authorization: Bearer`, so every check there (sessions, static tokens) applies. */
  async forToken(token: string, context: RequestContext): Promise<SocketAuth> {
    const req = { headers: { authorization: `Bearer ${token}` }, query: {}, cookies: {} } as unknown as Request;
    const acc = await this.accountability.forToken(req, token, context);
    const exp = jwt.decode(token, { json: true })?.exp;
    return { acc, expiresAt: typeof exp === 'number' ? exp * 1000 : null };
  }

  /** `{type:"auth"}` → the connection's new identity; AUTH_FAILED (TOKEN_EXPIRED for an expired token) otherwise. */
  async authenticate(message: AuthMessage, context: RequestContext): Promise<SocketAuth> {
    try {
      if ('access_token' in message) return await this.forToken(message.access_token, context);
      const issued =
        'email' in message
          ? await this.auth.login(
              { email: message.email, password: message.password, otp: message.otp, mode: 'json' },
              context,
            )
          : await this.auth.refresh('json', message.refresh_token, context);
      return { ...(await this.forToken(issued.accessToken, context)), refreshToken: issued.token };
    } catch (e) {
      if (e instanceof TokenExpiredError) throw new SocketError('auth', 'TOKEN_EXPIRED', 'Token expired.', message.uid);
      throw new SocketError('auth', 'AUTH_FAILED', 'Authentication handshake failed.', message.uid);
    }
  }
}
