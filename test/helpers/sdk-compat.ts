import { authentication, createDirectus, isDirectusError, rest } from '@directus/sdk';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Email } from 'postal-mime';
import { makeImage } from './images';
import { startSmtpSink, SmtpSink } from './smtp-sink';
import { StorageEnv, storageEnv } from './storage-env';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from './test-app';

export const RESET_URL = 'https://app.example.com/reset';
export const INVITE_URL = 'https://app.example.com/invite';

/**
 * A fetch that keeps cookies between calls, as a Node user of the SDK supplies through
 * `createDirectus(url, { globals: { fetch } })`: Node's fetch has no cookie store of its own.
 */
export function cookieFetch(): { fetch: typeof fetch; jar: Map<string, string> } {
  const jar = new Map<string, string>();
  const wrapped: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = value === '' || attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  return { fetch: wrapped, jar };
}

/** What the SDK rejects with: the standard error body's `errors`, plus the raw response. */
export async function sdkError(
  promise: Promise<unknown>,
): Promise<{ status: number; codes: string[]; error: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (!isDirectusError(error)) throw error;
    const response = (error as { response?: Response }).response;
    return { status: response?.status ?? 0, codes: error.errors.map((e) => e.extensions.code), error };
  }
  throw new Error('the SDK call succeeded, an error was expected');
}

/**
 * The reference answers sort, import and cache clear with 200 and an empty body (API.md 2); the SDK
 * then hands back the fetch Response itself instead of parsed data.
 */
export function emptyOk(result: unknown): { status: number; length: string | null } {
  const response = result as Response;
  return { status: response.status, length: response.headers.get('content-length') };
}

export function linkToken(mail: Email): string {
  const href = /href="([^"]+)"/.exec(mail.html ?? '')?.[1];
  if (!href) throw new Error(`no link in mail: ${mail.html}`);
  return new URL(href.replace(/&amp;/g, '&')).searchParams.get('token') as string;
}

export async function streamBytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function adminClientAt(url: string) {
  const client = createDirectus(url)
    .with(authentication('json', { autoRefresh: false }))
    .with(rest());
  await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  return client;
}

export type AdminClient = Awaited<ReturnType<typeof adminClientAt>>;

/** A listening Vellum with a mail sink, local storage and an origin server that serves one picture. */
export interface SdkApp {
  t: TestApp;
  url: string;
  smtp: SmtpSink;
  originUrl: string;
  png: Buffer;
  /**
   * An admin client authenticated the SDK's way (json mode, so no cookies are needed). Auto-refresh
   * is off only so its timer does not outlive the test run; refresh itself is tested separately.
   */
  adminClient(): Promise<AdminClient>;
}

/** Starts an SdkApp before the file's tests and stops it after them; its members are set once beforeAll ran. */
export function useSdkApp(): SdkApp {
  const app = { adminClient: () => adminClientAt(app.url) } as SdkApp;
  let storage: StorageEnv;
  let origin: Server;

  beforeAll(async () => {
    const png = await makeImage(40, 30, 'png');
    origin = createServer((req, res) => {
      if (req.url === '/pictures/harbour.png') {
        res.writeHead(200, { 'Content-Type': 'image/png' });
        return void res.end(png);
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const smtp = await startSmtpSink();
    storage = await storageEnv('local');
    const t = await createTestApp({
      env: {
        ...smtp.env,
        ...storage.env,
        IMPORT_IP_DENY_LIST: '169.254.169.254',
        PASSWORD_RESET_URL_ALLOW_LIST: RESET_URL,
        USER_INVITE_URL_ALLOW_LIST: INVITE_URL,
      },
    });
    await t.app.listen(0, '127.0.0.1');
    Object.assign(app, {
      t,
      smtp,
      png,
      originUrl: `http://127.0.0.1:${(origin.address() as AddressInfo).port}`,
      url: `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await app.t.close();
    await app.smtp.close();
    await storage.close();
    await new Promise((resolve) => origin.close(resolve));
  });
  return app;
}
