import {
  Client,
  EqualityFilter,
  InappropriateAuthError,
  InsufficientAccessError,
  InvalidCredentialsError as LdapInvalidCredentials,
} from 'ldapts';
import type { Entry } from 'ldapts';
import type { ConnectionOptions } from 'node:tls';
import { InvalidCredentialsError, ServiceUnavailableError } from '../../../common/errors/errors';
import type { AuthProviderConfig } from '../../../config/auth-providers-config';

type Scope = 'base' | 'one' | 'sub';

/** A directory entry of a person: its DN (the user's `external_identifier`) and the attributes that fill the user. */
export interface DirectoryPerson {
  dn: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The `cn` of every group under GROUP_DN the person is a member of; null without GROUP_DN. */
  groups: string[] | null;
}

/** An LDAP operation that outlives this is a directory in trouble, not a slow sign-in. */
const TIMEOUT_MS = 10_000;

function first(value: Entry[string] | undefined): string | null {
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return null;
  return typeof one === 'string' ? one : one.toString('utf8');
}

function scope(value: string | undefined): Scope {
  return value === 'base' || value === 'sub' ? value : 'one';
}

/** LDAP's own refusals are a failed sign-in; anything else (unreachable, misconfigured) is the directory unavailable. */
function failure(e: unknown): Error {
  if (
    e instanceof LdapInvalidCredentials ||
    e instanceof InappropriateAuthError ||
    e instanceof InsufficientAccessError
  ) {
    return new InvalidCredentialsError();
  }
  if (e instanceof InvalidCredentialsError) return e;
  return new ServiceUnavailableError('ldap', 'Service returned unexpected error');
}

/**
 * The ldap driver over ldapts: the bind account finds the person by USER_ATTRIBUTE under USER_DN, the
 * person's own bind checks the password, and GROUP_DN's groups with the person as member give the role.
 */
export class LdapDirectory {
  constructor(private readonly provider: AuthProviderConfig) {}

  async authenticate(identifier: string, password: string): Promise<DirectoryPerson> {
    // An empty password is an anonymous bind to LDAP, which succeeds for any DN.
    if (!password) throw new InvalidCredentialsError();
    const person = await this.withClient(async (client) => {
      await client.bind(this.provider.options.bindDn, this.provider.options.bindPassword);
      return this.find(client, identifier);
    });
    await this.withClient((client) => client.bind(person.dn, password));
    return person;
  }

  private async find(client: Client, identifier: string): Promise<DirectoryPerson> {
    const o = this.provider.options;
    const mail = o.mailAttribute ?? 'mail';
    const given = o.firstNameAttribute ?? 'givenName';
    const sn = o.lastNameAttribute ?? 'sn';
    const { searchEntries } = await client.search(o.userDn, {
      scope: scope(o.userScope),
      filter: new EqualityFilter({ attribute: o.userAttribute ?? 'cn', value: identifier }),
      attributes: ['uid', mail, given, sn],
      sizeLimit: 2,
    });
    // Two entries for one identifier: which person signs in would be the directory's ordering.
    if (searchEntries.length !== 1) throw new InvalidCredentialsError();
    const entry = searchEntries[0];
    return {
      dn: entry.dn,
      email: first(entry[mail]),
      firstName: first(entry[given]),
      lastName: first(entry[sn]),
      groups: o.groupDn ? await this.groups(client, entry) : null,
    };
  }

  private async groups(client: Client, entry: Entry): Promise<string[]> {
    const o = this.provider.options;
    const attribute = o.groupAttribute ?? 'member';
    const uid = first(entry.uid);
    const value = attribute.toLowerCase() === 'memberuid' && uid ? uid : entry.dn;
    const { searchEntries } = await client.search(o.groupDn, {
      scope: scope(o.groupScope),
      filter: new EqualityFilter({ attribute, value }),
      attributes: ['cn'],
    });
    return searchEntries
      .flatMap((group) => (Array.isArray(group.cn) ? group.cn : [group.cn]))
      .filter((cn) => cn !== undefined)
      .map(String);
  }

  /** A private CA (self-signed directories are common); certificates are checked unless the operator says otherwise. */
  private tlsOptions(): ConnectionOptions {
    const o = this.provider.options;
    return {
      ...(o.clientTlsCa ? { ca: [o.clientTlsCa] } : {}),
      rejectUnauthorized: o.clientTlsRejectUnauthorized !== 'false',
    };
  }

  private async withClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const tlsOptions = this.tlsOptions();
    const { clientUrl } = this.provider.options;
    // ldapts opens TLS whenever tlsOptions are given, so plain ldap:// (STARTTLS or not) gets none.
    const secure = /^ldaps:/i.test(clientUrl);
    const client = new Client({
      url: clientUrl,
      timeout: TIMEOUT_MS,
      connectTimeout: TIMEOUT_MS,
      ...(secure ? { tlsOptions } : {}),
    });
    try {
      // STARTTLS before the bind, so neither password crosses the network in clear.
      // ldapts does not tell the upgraded socket the server's name, which the certificate check needs.
      if (this.provider.options.clientStarttls === 'true')
        await client.startTLS({ ...tlsOptions, host: new URL(clientUrl).hostname });
      return await work(client);
    } catch (e) {
      throw failure(e);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
}
