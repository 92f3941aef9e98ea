import * as client from 'openid-client';
import type { AuthProviderConfig } from '../../../config/auth-providers-config';
import { parseAuthParams } from '../../../config/provider-json-options';
import { InvalidCredentialsError, ServiceUnavailableError } from '../../../common/errors/errors';

/** What an authorization-code sign-in learns about the person: the provider's profile claims. */
export type Profile = Record<string, unknown>;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain http only to this machine (a provider beside Vellum, or a test's): elsewhere it would expose the tokens. */
function allowsHttp(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname);
}

/**
 * The openid and oauth2 drivers over openid-client: the authorization URL with PKCE and state, and the
 * code exchange that turns the callback into a profile. An openid provider is discovered from its issuer
 * at first use; an oauth2 one is described by its three URLs.
 */
export class OAuthClient {
  private configuration?: Promise<client.Configuration>;

  constructor(
    private readonly provider: AuthProviderConfig,
    private readonly callbackUrl: string,
  ) {}

  async authorizationUrl(state: string, verifier: string, prompt: boolean): Promise<string> {
    const config = await this.config();
    const params: Record<string, string> = {
      // AUTH_<NAME>_PARAMS first: the parameters that bind the code to this sign-in are never the operator's to replace.
      ...(this.provider.options.params ? parseAuthParams(this.provider.options.params) : {}),
      redirect_uri: this.callbackUrl,
      scope: this.provider.options.scope ?? (this.provider.driver === 'openid' ? 'openid profile email' : 'email'),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...(prompt ? { prompt: 'consent' } : {}),
    };
    return client.buildAuthorizationUrl(config, params).href;
  }

  /** The profile of the person the callback's code belongs to; a code, state or verifier that does not match is a failed sign-in. */
  async profile(callback: URL, state: string, verifier: string): Promise<Profile> {
    const config = await this.config();
    // Plain OAuth 2.0 has no issuer to compare an `iss` parameter with; PKCE and state bind the code to this sign-in.
    if (this.provider.driver === 'oauth2') callback.searchParams.delete('iss');
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
    } catch (e) {
      throw this.failure(e);
    }
    return this.provider.driver === 'openid'
      ? this.openidProfile(config, tokens)
      : this.oauth2Profile(config, tokens.access_token);
  }

  private async openidProfile(
    config: client.Configuration,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  ): Promise<Profile> {
    const claims: Record<string, unknown> = tokens.claims() ?? {};
    try {
      const info = await client.fetchUserInfo(
        config,
        tokens.access_token,
        typeof claims.sub === 'string' ? claims.sub : client.skipSubjectCheck,
      );
      return { ...claims, ...info };
    } catch (e) {
      // Some providers have no userinfo endpoint; the ID token's claims are the profile then.
      if (config.serverMetadata().userinfo_endpoint) throw this.failure(e);
      return { ...claims };
    }
  }

  private async oauth2Profile(config: client.Configuration, accessToken: string): Promise<Profile> {
    try {
      const res = await client.fetchProtectedResource(
        config,
        accessToken,
        new URL(this.provider.options.profileUrl),
        'GET',
      );
      if (!res.ok) throw new ServiceUnavailableError('oauth2', `Service returned unexpected response: ${res.status}`);
      const body: unknown = await res.json();
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new InvalidCredentialsError();
      return body as Profile;
    } catch (e) {
      throw this.failure(e);
    }
  }

  /** The provider's refusal of the code is a failed sign-in; an unreachable or broken provider is unavailable. */
  private failure(e: unknown): Error {
    if (e instanceof InvalidCredentialsError || e instanceof ServiceUnavailableError) return e;
    if (e instanceof client.ResponseBodyError || e instanceof client.AuthorizationResponseError)
      return new InvalidCredentialsError();
    if (e instanceof client.ClientError) return new InvalidCredentialsError();
    return new ServiceUnavailableError(this.provider.driver, 'Service returned unexpected response');
  }

  private config(): Promise<client.Configuration> {
    this.configuration ??= this.build().catch((e: unknown) => {
      // A provider down at the first sign-in must not stay broken after it comes back.
      this.configuration = undefined;
      throw e instanceof ServiceUnavailableError
        ? e
        : new ServiceUnavailableError(this.provider.driver, "Cannot read the provider's configuration");
    });
    return this.configuration;
  }

  private async build(): Promise<client.Configuration> {
    const { options, driver } = this.provider;
    const auth = client.ClientSecretPost(options.clientSecret);
    if (driver === 'openid') {
      const execute = allowsHttp(options.issuerUrl) ? [client.allowInsecureRequests] : [];
      return client.discovery(new URL(options.issuerUrl), options.clientId, undefined, auth, { execute });
    }
    const metadata = {
      issuer: new URL(options.authorizeUrl).origin,
      authorization_endpoint: options.authorizeUrl,
      token_endpoint: options.accessUrl,
      userinfo_endpoint: options.profileUrl,
    };
    const config = new client.Configuration(metadata, options.clientId, undefined, auth);
    if ([options.authorizeUrl, options.accessUrl, options.profileUrl].every(allowsHttp))
      client.allowInsecureRequests(config);
    return config;
  }
}
