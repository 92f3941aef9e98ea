import { Injectable } from '@nestjs/common';
import { InvalidCredentialsError, InvalidPayloadError } from '../../common/errors/errors';
import { HashService } from '../hash/hash.service';
import { SettingsService } from '../settings/settings.service';
import { isValidTotp, newTotpSecret, totpUrl } from './lib/totp';
import { UsersService } from './users.service';

export interface TfaSecret {
  secret: string;
  otpauth_url: string;
}

/** Two-factor login (API.md 3.7): generate a secret, enable it with a first code, disable with a code. */
@Injectable()
export class TfaService {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: HashService,
    private readonly settings: SettingsService,
  ) {}

  /** The secret is not stored yet: `enable` stores it once the user proves their app produces codes. */
  async generate(userId: string, password: string | undefined): Promise<TfaSecret> {
    const user = await this.users.readOne(userId);
    if (user.tfa_secret) throw new InvalidPayloadError('TFA Secret is already set for this user');
    if (
      user.provider === 'default' &&
      (!password || !user.password || !(await this.hasher.verify(user.password, password)))
    ) {
      throw new InvalidCredentialsError();
    }
    const secret = newTotpSecret();
    const issuer = (await this.settings.read()).project_name;
    return { secret, otpauth_url: totpUrl(secret, issuer, user.email ?? user.id) };
  }

  async enable(userId: string, secret: string, otp: string): Promise<void> {
    const user = await this.users.readOne(userId);
    if (user.tfa_secret) throw new InvalidPayloadError('TFA Secret is already set for this user');
    if (!isValidTotp(secret, otp)) throw new InvalidPayloadError('"otp" is invalid');
    await this.users.setTfaSecret(userId, secret);
  }

  async disable(userId: string, otp: string): Promise<void> {
    const user = await this.users.readOne(userId);
    if (!user.tfa_secret) throw new InvalidPayloadError('TFA is not enabled for this user');
    if (!isValidTotp(user.tfa_secret, otp)) throw new InvalidPayloadError('"otp" is invalid');
    await this.users.setTfaSecret(userId, null);
  }

  /** Admins remove TFA for a user who lost their device. */
  async disableFor(userId: string): Promise<void> {
    await this.users.readOne(userId);
    await this.users.setTfaSecret(userId, null);
  }
}
