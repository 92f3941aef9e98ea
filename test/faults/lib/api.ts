import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../helpers/test-app';

export interface Answer {
  status: number;
  body: any;
}

/** A refused or timed-out connection: the request got no HTTP answer at all. */
export const NO_ANSWER = 0;

/**
 * A minimal HTTP client of one running Vellum over fetch. Every request has a timeout, so a fault that
 * makes a server hang fails the spec instead of holding it.
 */
export class Api {
  constructor(
    readonly url: string,
    private token?: string,
  ) {}

  async request(method: string, path: string, body?: unknown, timeoutMs = 10_000): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const res = await fetch(`${this.url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    } catch {
      return { status: NO_ANSWER, body: null };
    }
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body ?? {});
  patch = (path: string, body: unknown) => this.request('PATCH', path, body);

  /** A multipart body with one file part named `file`. */
  async upload(
    path: string,
    content: string | Buffer,
    type: string,
    filename: string,
    timeoutMs = 60_000,
  ): Promise<Answer> {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), filename);
    const headers: Record<string, string> = this.token ? { Authorization: `Bearer ${this.token}` } : {};
    try {
      const res = await fetch(`${this.url}${path}`, {
        method: 'POST',
        headers,
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    } catch {
      return { status: NO_ANSWER, body: null };
    }
  }

  /** The same server as another user (`token` from POST /auth/login). */
  as(token: string): Api {
    return new Api(this.url, token);
  }

  async login(email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<Answer> {
    return this.request('POST', '/auth/login', { email, password });
  }

  /** Signs in as the bootstrap admin, and fails the spec if that does not work. */
  async asAdmin(): Promise<Api> {
    const res = await this.login();
    if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return this.as(res.body.data.access_token);
  }
}

/** The answer, or a thrown error naming it when its status is not `status`. */
export function expectStatus(res: Answer, status: number, what: string): Answer {
  if (res.status !== status)
    throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it is true or `timeoutMs` passes; returns whether it became true. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
}
