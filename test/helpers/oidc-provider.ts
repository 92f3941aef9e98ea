import type { Server } from 'node:http';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

/** A person the test provider knows: their `sub` is the login typed into its sign-in form. */
export interface TestPerson {
  email?: string;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

export const TEST_CLIENT = { id: 'vellum-test', secret: 'vellum-test-secret-0123456789abcdef' };

/**
 * An OpenID provider (oidc-provider) on 127.0.0.1 in this process, with its development sign-in and
 * consent forms (any password is accepted; the login is the person's `sub`) and one confidential client.
 */
export async function startOidcProvider(
  redirectUris: string[],
  people: Record<string, TestPerson>,
): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email'], profile: ['given_name', 'family_name', 'groups'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const person = people[sub];
      return person ? { accountId: sub, claims: () => ({ sub, ...person }) } : undefined;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies of one browser at the provider, kept between the requests of a sign-in. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function formOf(html: string, base: string): { action: string; fields: URLSearchParams } {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form in the provider's page: ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const input of form[2].matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
    fields.set(input[1], input[2]);
  return { action: new URL(form[1].replace(/&amp;/g, '&'), base).href, fields };
}

/**
 * Plays the browser at the provider from its authorization URL: follows redirects, signs in as `login`
 * and consents, until the provider sends the browser elsewhere (`stopAt`, Vellum's callback); returns that URL.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, stopAt: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    jar.take(res);
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      if (url.startsWith(stopAt)) return url;
      continue;
    }
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const form = formOf(await res.text(), url);
    if (form.fields.get('prompt') === 'login') {
      form.fields.set('login', login);
      form.fields.set('password', 'any-password');
    }
    url = form.action;
    body = form.fields;
  }
  throw new Error('the provider did not send the browser back');
}
