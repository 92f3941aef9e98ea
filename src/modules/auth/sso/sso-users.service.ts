import { Injectable } from '@nestjs/common';
import { InvalidCredentialsError, InvalidProviderError, UserSuspendedError } from '../../../common/errors/errors';
import type { AuthProviderConfig } from '../../../config/auth-providers-config';
import { UserEntity } from '../../users/entities/user.entity';
import { UserInput, UsersService } from '../../users/users.service';
import type { ProfileIdentity } from './lib/profile-identity';

/** A provider's verdict on who signs in: the identity, and the role its groups map to (undefined: no mapping). */
export interface SsoPerson extends ProfileIdentity {
  role?: string | null;
}

/**
 * The users behind single sign-on (docs/API.md, Single sign-on): found by `external_identifier`,
 * created on first sign-in when the provider allows public registration, refused otherwise.
 */
@Injectable()
export class SsoUsersService {
  constructor(private readonly users: UsersService) {}

  async signInUser(provider: AuthProviderConfig, person: SsoPerson): Promise<UserEntity> {
    const existing = await this.users.findByExternalIdentifier(person.identifier);
    const user = existing ? await this.update(existing, provider, person) : await this.register(provider, person);
    if (user.status !== 'active')
      throw user.status === 'suspended' ? new UserSuspendedError() : new InvalidCredentialsError();
    if (user.provider !== provider.name) throw new InvalidProviderError();
    return user;
  }

  private async update(user: UserEntity, provider: AuthProviderConfig, person: SsoPerson): Promise<UserEntity> {
    if (user.provider !== provider.name) return user;
    const input: UserInput = {};
    if (person.role !== undefined) input.role = person.role ?? provider.defaultRoleId;
    if (provider.options.syncUserInfo === 'true') {
      Object.assign(input, { first_name: person.firstName, last_name: person.lastName, email: person.email });
    }
    if (Object.keys(input).length === 0) return user;
    await this.users.writer(null).update([{ id: user.id, input }]);
    return (await this.users.findById(user.id))!;
  }

  private async register(provider: AuthProviderConfig, person: SsoPerson): Promise<UserEntity> {
    // The reference answers an unknown person like a wrong password, whatever the provider said; a directory
    // (ldap) is the list of who may sign in, so the reference registers everyone it vouches for.
    if (!provider.allowPublicRegistration && provider.driver !== 'ldap') throw new InvalidCredentialsError();
    const input: UserInput = {
      provider: provider.name,
      external_identifier: person.identifier,
      email: person.email,
      first_name: person.firstName,
      last_name: person.lastName,
      role: person.role ?? provider.defaultRoleId,
      status: 'active',
    };
    // The email belongs to another account (a password user, another provider's): not this provider's to take.
    if (person.email && (await this.users.findByEmail(person.email))) throw new InvalidProviderError();
    const [id] = await this.users.writer(null).create([input]);
    return (await this.users.findById(id))!;
  }
}
