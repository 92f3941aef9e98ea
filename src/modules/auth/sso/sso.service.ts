import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions } from 'express';
import * as client from 'openid-client';
import { InvalidCredentialsError, InvalidPayloadError, RouteNotFoundError } from '../../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import type { AuthDriver, AuthProviderConfig } from '../../../config/auth-providers-config';
import { mappedRole, parseRoleMapping } from '../../../config/provider-json-options';
import { UsersService } from '../../users/users.service';
import { AuthService, IssuedTokens, RequestContext } from '../auth.service';
import { CredentialsService } from '../credentials.service';
import { LoginLockoutService } from '../login-lockout.service';
import { DirectoryPerson, LdapDirectory } from './ldap-directory';
import { isLoginRedirectAllowed } from './lib/login-redirect';
import { profileIdentity } from './lib/profile-identity';
import { samlIdentity } from './lib/saml-identity';
import { OAuthClient } from './oauth-client';
import { SamlClient } from './saml-client';
import { signSsoState, SSO_STATE_TTL_MS, SsoState, verifySsoState } from './sso-state';
import { SsoPerson, SsoUsersService } from './sso-users.service';

/** One entry of `GET /auth`, as the reference lists its providers. */
export interface ListedProvider {
  name: string;
  driver: AuthDriver;
  icon: string | null;
  label: string | null;
}

export interface StartedSignIn {
  url: string;
  cookieName: string;
  cookie: string;
}

export interface FinishedSignIn {
  tokens: IssuedTokens;
  redirect: string | null;
}

const OAUTH_DRIVERS: readonly AuthDriver[] = ['openid', 'oauth2'];
const REDIRECT_DRIVERS: readonly AuthDriver[] = [...OAUTH_DRIVERS, 'saml'];

/** Single sign-on (docs/API.md, Single sign-on): the redirect flows of openid, oauth2 and saml, and LDAP's password check. */
@Injectable()
export class SsoService {
  private readonly clients = new Map<string, OAuthClient>();
  private readonly directories = new Map<string, LdapDirectory>();
  private readonly samlClients = new Map<string, SamlClient>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly ssoUsers: SsoUsersService,
    private readonly users: UsersService,
    private readonly credentials: CredentialsService,
    private readonly lockout: LoginLockoutService,
  ) {}

  /** `sessionOnly`: the providers the Studio can use, those signing in by redirect. */
  list(sessionOnly: boolean): ListedProvider[] {
    return this.config.auth.providers
      .filter((p) => !sessionOnly || REDIRECT_DRIVERS.includes(p.driver))
      .map(({ name, driver, icon, label }) => ({ name, driver, icon, label }));
  }

  /** The driver of a configured provider, null for an unknown name. */
  driverOf(name: string): AuthDriver | null {
    return this.config.auth.providers.find((p) => p.name === name)?.driver ?? null;
  }

  /** The state cookie lives as long as its token, on every path (the callback is under PUBLIC_URL's path). */
  stateCookieOptions(withMaxAge = true): CookieOptions {
    return {
      httpOnly: true,
      path: '/',
      // lax: the provider's redirect back is a top-level navigation from another site, which must carry it.
      sameSite: 'lax',
      secure: this.config.auth.refreshCookie.secure,
      ...(withMaxAge ? { maxAge: SSO_STATE_TTL_MS } : {}),
    };
  }

  /** The state cookie's name, per driver and provider as the reference names it. */
  stateCookieName(name: string): string {
    return `${this.provider(name, OAUTH_DRIVERS, `/auth/login/${name}`).driver}.${name}`;
  }

  async start(name: string, query: { redirect?: unknown; prompt?: unknown; otp?: unknown }): Promise<StartedSignIn> {
    const provider = this.provider(name, OAUTH_DRIVERS, `/auth/login/${name}`);
    this.checkRedirect(provider, query.redirect);
    const state: SsoState = {
      provider: name,
      verifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      redirect: typeof query.redirect === 'string' && query.redirect !== '' ? query.redirect : null,
      prompt: query.prompt !== undefined && query.prompt !== '' && query.prompt !== 'false',
      otp: typeof query.otp === 'string' && query.otp !== '' ? query.otp : null,
    };
    const url = await this.oauthClient(provider).authorizationUrl(state.state, state.verifier, state.prompt);
    return { url, cookieName: `${provider.driver}.${name}`, cookie: signSsoState(state, this.config.secret) };
  }

  /** An unknown name, or a provider without a callback, has no callback route (404). */
  checkOauthProvider(name: string): void {
    this.provider(name, OAUTH_DRIVERS, `/auth/login/${name}/callback`);
  }

  /** The state of the cookie, verified, so a failure after it can still go back to the caller's page. */
  callbackState(name: string, cookie: string | undefined): SsoState {
    this.checkOauthProvider(name);
    return verifySsoState(cookie, this.config.secret, name);
  }

  async finish(name: string, state: SsoState, query: string, context: RequestContext): Promise<FinishedSignIn> {
    const provider = this.provider(name, OAUTH_DRIVERS, `/auth/login/${name}/callback`);
    const callback = new URL(`${this.callbackUrl(name)}${query}`);
    const profile = await this.oauthClient(provider).profile(callback, state.state, state.verifier);
    const identifierKey = provider.options.identifierKey ?? (provider.driver === 'openid' ? 'sub' : 'email');
    const identity = profileIdentity(profile, { ...provider.options, identifierKey });
    if (!identity) throw new InvalidPayloadError("The provider's profile has no identifier");
    // With a mapping, the groups choose the role at every sign-in (none mapped: the default role), as in the reference.
    const mapping = provider.options.roleMapping;
    const role =
      mapping === undefined
        ? undefined
        : mappedRole(parseRoleMapping(mapping), profile[provider.options.groupClaimName || 'groups']);
    return this.redirectSignIn(provider, { ...identity, role }, state.otp, state.redirect, context);
  }

  /** `GET /auth/login/<saml provider>`: the IdP's sign-in page, with the checked redirect target as RelayState. */
  samlStart(name: string, redirect: unknown): Promise<string> {
    const provider = this.provider(name, ['saml'], `/auth/login/${name}`);
    this.checkRedirect(provider, redirect);
    return this.samlClient(provider).authorizationUrl(typeof redirect === 'string' ? redirect : '');
  }

  samlMetadata(name: string): string {
    return this.samlClient(this.provider(name, ['saml'], `/auth/login/${name}/metadata`)).metadata;
  }

  /**
   * `POST /auth/login/<saml provider>/acs`. The RelayState comes back through the browser (or from an
   * IdP-initiated sign-in), so it is checked again, like the target at the start. The redirect it names
   * is known before the response is checked, so failures can still go back there.
   */
  samlRedirect(name: string, relayState: unknown): string | null {
    const provider = this.provider(name, ['saml'], `/auth/login/${name}/acs`);
    if (relayState === undefined || relayState === '') return null;
    this.checkRedirect(provider, relayState);
    return relayState as string;
  }

  async samlFinish(
    name: string,
    samlResponse: unknown,
    redirect: string | null,
    context: RequestContext,
  ): Promise<FinishedSignIn> {
    const provider = this.provider(name, ['saml'], `/auth/login/${name}/acs`);
    const attributes = await this.samlClient(provider).attributes(samlResponse);
    const identity = samlIdentity(attributes, provider.options);
    // The reference answers an assertion without the identifier like a wrong password.
    if (!identity) throw new InvalidCredentialsError();
    return this.redirectSignIn(provider, identity, null, redirect, context);
  }

  private async redirectSignIn(
    provider: AuthProviderConfig,
    identity: SsoPerson,
    otp: string | null,
    redirect: string | null,
    context: RequestContext,
  ): Promise<FinishedSignIn> {
    const user = await this.ssoUsers.signInUser(provider, identity);
    await this.credentials.verifyOtp(user, otp);
    const mode = redirect === null ? 'json' : provider.mode === 'session' ? 'session' : 'cookie';
    return { tokens: await this.auth.openSession(user, mode, context), redirect };
  }

  private checkRedirect(provider: AuthProviderConfig, redirect: unknown): void {
    if (isLoginRedirectAllowed(redirect, this.config.publicUrl, provider.redirectAllowList)) return;
    // A bracket query (`redirect[a]=1`) arrives as a null-prototype object, which String() cannot convert.
    const shown = typeof redirect === 'string' ? redirect : JSON.stringify(redirect);
    throw new InvalidPayloadError(`URL "${shown}" can't be used to redirect after login`);
  }

  /** `POST /auth/login/<ldap provider>`: failures count towards the lockout like password sign-ins. */
  async ldapLogin(
    name: string,
    input: { identifier: string; password: string; otp?: string; mode?: IssuedTokens['mode'] },
    context: RequestContext,
  ): Promise<IssuedTokens> {
    const provider = this.provider(name, ['ldap'], `/auth/login/${name}`);
    const user = await this.lockout.guard(`ldap:${name}:${input.identifier.toLowerCase()}`, context.ip, async () => {
      const person = await this.directory(provider).authenticate(input.identifier, input.password);
      const found = await this.ssoUsers.signInUser(provider, await this.ldapPerson(provider, person));
      await this.credentials.verifyOtp(found, input.otp);
      return found;
    });
    return this.auth.openSession(user, input.mode ?? 'json', context);
  }

  private async ldapPerson(provider: AuthProviderConfig, person: DirectoryPerson): Promise<SsoPerson> {
    const role = person.groups === null ? undefined : ((await this.users.findRoleByNames(person.groups))?.id ?? null);
    return { identifier: person.dn, email: person.email, firstName: person.firstName, lastName: person.lastName, role };
  }

  private callbackUrl(name: string): string {
    return `${this.config.publicUrl}/auth/login/${encodeURIComponent(name)}/callback`;
  }

  /** Unknown providers, and routes of another driver, do not exist: the reference mounts routes per provider. */
  private provider(name: string, drivers: readonly AuthDriver[], path: string): AuthProviderConfig {
    const provider = this.config.auth.providers.find((p) => p.name === name);
    if (!provider || !drivers.includes(provider.driver)) throw new RouteNotFoundError(path);
    return provider;
  }

  private oauthClient(provider: AuthProviderConfig): OAuthClient {
    let found = this.clients.get(provider.name);
    if (!found) {
      found = new OAuthClient(provider, this.callbackUrl(provider.name));
      this.clients.set(provider.name, found);
    }
    return found;
  }

  private samlClient(provider: AuthProviderConfig): SamlClient {
    let found = this.samlClients.get(provider.name);
    if (!found) {
      found = new SamlClient(provider, this.config.publicUrl);
      this.samlClients.set(provider.name, found);
    }
    return found;
  }

  private directory(provider: AuthProviderConfig): LdapDirectory {
    let found = this.directories.get(provider.name);
    if (!found) {
      found = new LdapDirectory(provider);
      this.directories.set(provider.name, found);
    }
    return found;
  }
}
