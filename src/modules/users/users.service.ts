import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isEmail } from 'class-validator';
import { EntityManager, Repository } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { CLOCK, Clock } from '../../common/clock';
import {
  FailedValidationError,
  ForbiddenError,
  InvalidPayloadError,
  RecordNotUniqueError,
} from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';
import { isUuid } from '../../common/is-uuid';
import { isUrlAllowed } from '../../common/url/is-url-allowed';
import { withQueryParam } from '../../common/url/with-query-param';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { signScopedToken, verifyScopedToken } from '../tokens/jwt';
import { tokenHash } from '../tokens/token-hash';
import { HashService } from '../hash/hash.service';
import { MailService } from '../mail/mail.service';
import { MailLimiterService } from '../rate-limiter/mail-limiter.service';
import { SessionsService } from '../tokens/sessions.service';
import { SettingsService } from '../settings/settings.service';
import { RoleEntity } from './entities/role.entity';
import { UserEntity } from './entities/user.entity';
import { assertPasswordPolicy } from './lib/password-policy';
import { ItemsFactory } from '../items/items.factory';
import type { Item } from '../items/items.service';
import { UsersWriter } from './users-writer';
import { SELF_PROTECTED } from './admin-write-guard';
import { parseUserInput } from './lib/user-input';

/** Writable members of a user, as the API names them. */
/** Non-admins may not change what decides their own access. */
function refuseSelfProtected(acc: Accountability, input: Record<string, unknown>): void {
  if (!acc.admin && SELF_PROTECTED.some((field) => input[field] !== undefined)) throw new ForbiddenError();
}

export type UserInput = Partial<
  Pick<
    UserEntity,
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'password'
    | 'location'
    | 'title'
    | 'description'
    | 'tags'
    | 'avatar'
    | 'language'
    | 'tfa_secret'
    | 'status'
    | 'role'
    | 'token'
    | 'provider'
    | 'external_identifier'
    | 'email_notifications'
    | 'appearance'
    | 'theme_dark'
    | 'theme_light'
    | 'theme_light_overrides'
    | 'theme_dark_overrides'
    | 'text_direction'
    | 'last_page'
  >
> & {
  /** The user's own access rows (svc_access), nested: an array of rows or `{ create, update, delete }`. */
  policies?: unknown;
};

const INVITE_SCOPE = 'invite';

const USERS = 'svc_users';

@Injectable()
export class UsersService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    private readonly hasher: HashService,
    private readonly sessions: SessionsService,
    private readonly settings: SettingsService,
    private readonly mail: MailService,
    private readonly items: ItemsFactory,
    private readonly mailLimiter: MailLimiterService,
  ) {}

  count(): Promise<number> {
    return this.users.count();
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** FORBIDDEN for a missing user, like a user the caller may not see (CONVENTIONS 4). */
  async readOne(id: string): Promise<UserEntity> {
    const user = isUuid(id) ? await this.findById(id) : null;
    if (!user) throw new ForbiddenError();
    return user;
  }

  /** Static tokens are stored hashed (API.md, Vellum's decisions); only active users may use them. */
  findByStaticToken(token: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ token: tokenHash(token), status: 'active' });
  }

  /** Emails are compared case-insensitively, as users type them. */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('LOWER(u.email) = :email', { email: email.toLowerCase() }).getOne();
  }

  /** Single sign-on users by their provider's identifier, compared case-insensitively as the reference does. */
  findByExternalIdentifier(identifier: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('LOWER(u.external_identifier) = :identifier', { identifier: identifier.toLowerCase() })
      .getOne();
  }

  findRole(id: string | null): Promise<RoleEntity | null> {
    return id && isUuid(id) ? this.roles.findOneBy({ id }) : Promise.resolve(null);
  }

  /** A role by id or, for people typing on a command line, by name. */
  async findRoleByIdOrName(idOrName: string): Promise<RoleEntity | null> {
    const byId = isUuid(idOrName) ? await this.roles.findOneBy({ id: idOrName }) : null;
    return byId ?? (await this.roles.findOneBy({ name: idOrName }));
  }

  /** The first role named like one of `names` (LDAP group names), compared case-insensitively. */
  async findRoleByNames(names: readonly string[]): Promise<RoleEntity | null> {
    if (names.length === 0) return null;
    return this.roles
      .createQueryBuilder('r')
      .where('LOWER(r.name) IN (:...names)', { names: names.map((name) => name.toLowerCase()) })
      .orderBy('r.name')
      .getOne();
  }

  async createRole(role: Partial<RoleEntity> & { name: string }): Promise<RoleEntity> {
    return this.roles.save(this.roles.create({ id: randomUUID(), ...role }));
  }

  /** A new policy attached to `role` (svc_access), written internally: no permission check, caches told. */
  async attachNewPolicy(role: string, policy: Item & { name: string }): Promise<string> {
    return String(
      await this.items.for('svc_policies', null).createOne({ ...policy, roles: { create: [{ role, sort: 1 }] } }),
    );
  }

  /** Used by bootstrap: no policy check, the operator chose the first admin's password. */
  async createUser(user: Partial<UserEntity> & { email: string; password?: string }): Promise<UserEntity> {
    const password = user.password ? await this.hasher.hash(user.password) : null;
    return this.users.save(
      this.users.create({
        id: randomUUID(),
        status: 'active',
        provider: 'default',
        ...user,
        email: user.email.toLowerCase(),
        password,
      }),
    );
  }

  /**
   * The one writer of users (users-writer.ts) for `acc`: its svc_users permissions apply, an admin's
   * allow everything; null writes internally (no permission check, no activity), as invites do.
   */
  writer(acc: Accountability | null): UsersWriter {
    return new UsersWriter(this, (manager) => this.items.for(USERS, acc, manager), acc, this.users.manager);
  }

  /**
   * The rules of an update that do not depend on who writes: one email cannot belong to several users,
   * TFA secrets only change through /users/me/tfa/*.
   */
  assertUpdates(updates: { input: UserInput }[]): void {
    if (updates.length > 1 && updates.some((u) => u.input.email)) {
      throw new RecordNotUniqueError({
        collection: 'svc_users',
        field: 'email',
        value: updates.find((u) => u.input.email)?.input.email,
      });
    }
    for (const { input } of updates) {
      if (input.tfa_secret !== undefined)
        throw new InvalidPayloadError(`You can't change the "tfa_secret" value manually`);
    }
  }

  /** API.md 3.5, in the write's transaction: a refused write ends no session. */
  async endSessions(
    updates: { id: string; input: UserInput }[],
    acc: Accountability | null,
    manager: EntityManager,
  ): Promise<void> {
    for (const { id, input } of updates) {
      if (input.status !== undefined && input.status !== 'active') {
        await this.sessions.deleteForUser(id, undefined, manager);
      } else if (input.password !== undefined || input.email !== undefined) {
        await this.sessions.deleteForUser(id, acc?.user === id ? acc.session : undefined, manager);
      }
    }
  }

  /**
   * PATCH /users/me: non-admins may not change what decides their access; the rest of their own user
   * they may change without a svc_users permission, recorded in activity as theirs.
   */
  async updateSelf(acc: Accountability, input: UserInput): Promise<void> {
    if (!acc.user) throw new ForbiddenError();
    refuseSelfProtected(acc, input);
    await this.writer({ ...acc, admin: true }).update([{ id: acc.user, input }]);
  }

  /** PATCH /users/me and GraphQL `update_users_me`: one parse and one set of rules for both. */
  async updateSelfWith(acc: Accountability, body: unknown): Promise<void> {
    // Refused before the body's shape is looked at: a non-admin's `role` is a 403 whatever it holds.
    if (isPlainObject(body)) refuseSelfProtected(acc, body);
    await this.updateSelf(acc, await parseUserInput(this.items.for('svc_users', null), body, 'update'));
  }

  async setPassword(id: string, password: string): Promise<void> {
    await this.users.update({ id }, { password: await this.hasher.hash(password) });
  }

  async touchLastAccess(id: string): Promise<void> {
    await this.users.update({ id }, { last_access: new Date() });
  }

  async setTfaSecret(id: string, secret: string | null): Promise<void> {
    await this.users.update({ id }, { tfa_secret: secret });
  }

  /**
   * POST /users/invite, as the reference platform: unknown emails become `invited` users, invited ones
   * get a fresh mail (and the new role), anyone else is left alone without an error. Mails are limited
   * per address and requests per caller's address (MailLimiterService), the latter before anything is written.
   */
  async invite(emails: string[], role: string, inviteUrl: string | null | undefined, ip: string | null): Promise<void> {
    if (inviteUrl && !isUrlAllowed(inviteUrl, this.config.auth.userInviteUrlAllowList)) {
      throw new InvalidPayloadError(`URL "${inviteUrl}" can't be used to invite users`);
    }
    await this.mailLimiter.admitSource('invite', ip);
    const writer = this.writer(null);
    for (const email of emails) {
      const existing = await this.findByEmail(email);
      if (!existing) await writer.create([{ email, role, status: 'invited' }]);
      else if (existing.status !== 'invited') continue;
      else if (existing.role !== role) await writer.update([{ id: existing.id, input: { role } }]);
      const address = existing?.email ?? email.toLowerCase();
      if (!(await this.mailLimiter.admitAddress('invite', address))) continue;
      const token = signScopedToken(
        INVITE_SCOPE,
        { email: address },
        this.config.secret,
        this.config.auth.userInviteTokenTtl,
        this.clock.now(),
      );
      const link = withQueryParam(inviteUrl ?? `${this.config.publicUrl}/admin/accept-invite`, 'token', token);
      this.mail.sendInBackground({
        to: address,
        subject: "You've been invited",
        text: `You have been invited. Open this link to choose your password and activate your account:\n\n${link}`,
        html: `<p>You have been invited.</p><p><a href="${link}">Accept the invite</a></p>`,
      });
    }
  }

  /** The invited user becomes active with this password; an already active one just gets the password. */
  async acceptInvite(token: string, password: string): Promise<void> {
    const payload = verifyScopedToken(token, this.config.secret, INVITE_SCOPE, this.clock.now());
    const email = String(payload.email);
    const user = await this.findByEmail(email);
    if (user?.status !== 'invited' && user?.status !== 'active') {
      throw new InvalidPayloadError(`Email address ${email} hasn't been invited`);
    }
    assertPasswordPolicy(password, (await this.settings.read()).auth_password_policy);
    await this.users.update({ id: user.id }, { password: await this.hasher.hash(password), status: 'active' });
  }

  /**
   * Input for the items engine, which hashes the password itself (a `hash` field): the password checked
   * against the policy, static tokens hashed, emails lower case, the role existing. Members left
   * undefined are dropped, so the caller's field allow-list sees only what was sent.
   */
  async toEngineInput(input: UserInput): Promise<UserInput> {
    const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as UserInput;
    if (input.password !== undefined && input.password !== null) {
      assertPasswordPolicy(input.password, (await this.settings.read()).auth_password_policy);
    }
    if (input.token !== undefined && input.token !== null) values.token = tokenHash(input.token);
    if (input.email !== undefined && input.email !== null) {
      if (!isEmail(input.email)) throw new FailedValidationError({ field: 'email', type: 'email', path: [] });
      values.email = input.email.toLowerCase();
    }
    if (input.role && !(await this.findRole(input.role)))
      throw new InvalidPayloadError(`Role "${input.role}" does not exist`);
    return values;
  }
}
