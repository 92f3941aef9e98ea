import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { InvalidCredentialsError } from '../../../common/errors/errors';
import type { UserEntity } from '../../users/entities/user.entity';
import { Credentials, CredentialsService } from '../credentials.service';
import { runStrategy } from './run-strategy';

/** The request passport-local reads: the login arguments as a body, from REST and GraphQL alike, and the caller's address. */
interface CredentialsRequest {
  body: Credentials;
  query: Record<string, never>;
  ip: string | null;
}

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly credentials: CredentialsService) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false });
  }

  validate(req: CredentialsRequest, email: string, password: string): Promise<UserEntity> {
    return this.credentials.verifyCredentials({ email, password, otp: req.body.otp }, req.ip);
  }

  /**
   * The user the credentials belong to, or our AppError. passport-local's own failure (an empty email or
   * password, which it answers with 400) is a wrong login here: 401 INVALID_CREDENTIALS, like any other.
   */
  async authenticateCredentials(credentials: Credentials, ip: string | null): Promise<UserEntity> {
    const outcome = await runStrategy<UserEntity>(this, {
      body: credentials,
      query: {},
      ip,
    } satisfies CredentialsRequest);
    if (!outcome.user) throw new InvalidCredentialsError();
    return outcome.user;
  }
}
