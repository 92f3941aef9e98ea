import { Inject, Injectable } from '@nestjs/common';
import { InvalidCredentialsError, InvalidOtpError } from '../../common/errors/errors';
import { HashService } from '../hash/hash.service';
import { COUNTER_STORE, CounterStore } from '../rate-limiter/counter-store';
import { UserEntity } from '../users/entities/user.entity';
import { totpTimeStep } from '../users/lib/totp';
import { UsersService } from '../users/users.service';
import { LoginLockoutService } from './login-lockout.service';

export interface Credentials {
  email: string;
  password: string;
  otp?: string | null;
}

/**
 * How long the last time step a user signed in with is kept: a code is accepted up to one 30-second
 * step either side of now, so a used step could be offered again for at most 90 seconds.
 */
const USED_STEP_TTL_MS = 3 * 60_000;

/** The credential check behind LocalStrategy: lockout, then password (argon2), user status and OTP. */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: HashService,
    private readonly lockout: LoginLockoutService,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
  ) {}

  /** Counted per email and per caller's source (`ip`), whether the email has an account or not. */
  verifyCredentials(credentials: Credentials, ip: string | null): Promise<UserEntity> {
    return this.lockout.guard(`user:${credentials.email.toLowerCase()}`, ip, () => this.check(credentials));
  }

  private async check(credentials: Credentials): Promise<UserEntity> {
    const user = await this.users.findByEmail(credentials.email);
    if (!user || user.status !== 'active' || user.provider !== 'default' || !user.password) {
      throw new InvalidCredentialsError();
    }
    if (!(await this.hasher.verify(user.password, credentials.password))) throw new InvalidCredentialsError();
    // API.md 3.1: without a code the client learns it must ask for one (the reference's clients and the
    // Studio rely on it). The lockout counts that answer as a failure, like a wrong code, so it reveals a
    // right password no faster than guessing does.
    await this.verifyOtp(user, credentials.otp);
    return user;
  }

  /** A user with two-factor authentication signs in with a fresh code, whichever provider checked who they are. */
  async verifyOtp(user: UserEntity, otp: string | null | undefined): Promise<void> {
    if (user.tfa_secret && !(await this.codeAccepted(user.id, user.tfa_secret, otp))) throw new InvalidOtpError();
  }

  /** A right code of a later time step than the last one this user signed in with: each code works once. */
  private async codeAccepted(userId: string, secret: string, otp: string | null | undefined): Promise<boolean> {
    const step = totpTimeStep(secret, otp);
    return step !== null && this.store.raise(`totp-step:${userId}`, step, USED_STEP_TTL_MS);
  }
}
