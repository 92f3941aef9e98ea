import { Injectable } from '@nestjs/common';
import { InvalidCredentialsError, InvalidOtpError } from '../../common/errors/errors';
import { HashService } from '../hash/hash.service';
import { UserEntity } from '../users/entities/user.entity';
import { isValidTotp } from '../users/lib/totp';
import { UsersService } from '../users/users.service';
import { LoginLockoutService } from './login-lockout.service';

export interface Credentials {
  email: string;
  password: string;
  otp?: string | null;
}

/** The credential check behind LocalStrategy: password (argon2), user status, lockout, then OTP. */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: HashService,
    private readonly lockout: LoginLockoutService,
  ) {}

  async verifyCredentials(credentials: Credentials): Promise<UserEntity> {
    const user = await this.users.findByEmail(credentials.email);
    if (!user || user.status !== 'active' || user.provider !== 'default' || !user.password) {
      throw new InvalidCredentialsError();
    }
    if (await this.lockout.isLocked(user.id)) throw new InvalidCredentialsError();
    if (!(await this.hasher.verify(user.password, credentials.password))) {
      await this.lockout.recordFailure(user.id);
      throw new InvalidCredentialsError();
    }
    if (user.tfa_secret) {
      // API.md 3.1: without a code the client learns it must ask for one; a wrong code counts as a failure.
      if (!credentials.otp) throw new InvalidOtpError();
      if (!isValidTotp(user.tfa_secret, credentials.otp)) {
        await this.lockout.recordFailure(user.id);
        throw new InvalidOtpError();
      }
    }
    await this.lockout.recordSuccess(user.id);
    return user;
  }
}
