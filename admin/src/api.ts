/** One error of the API's standard error body; `extensions` holds the code and, per code, more (`field`, `rows`). */
export interface ErrorEntry {
  message?: string;
  extensions?: { code?: string; field?: string } & Record<string, unknown>;
}

/** The standard error body of the API, turned into one readable message; `errors` keeps them all for pages that list them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly field?: string,
    readonly errors: ErrorEntry[] = [],
  ) {
    super(message);
  }

  /** The first error's extensions: what a page shows beyond the message (a failed schema apply's steps, say). */
  get extensions(): Record<string, unknown> {
    return this.errors[0]?.extensions ?? {};
  }
}

export interface ErrorBody {
  errors?: ErrorEntry[];
}

export const networkError = () =>
  new ApiError(0, 'NETWORK', 'The server cannot be reached. Check the connection and retry.');

/** The error of a refused request: the first error's message and code lead. */
export function errorOf(status: number, body: ErrorBody): ApiError {
  const first = body.errors?.[0];
  return new ApiError(
    status,
    first?.extensions?.code,
    first?.message ?? `The server answered ${status}.`,
    first?.extensions?.field,
    body.errors ?? [],
  );
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function refreshNow(): void {
  api<{ expires: number }>('POST', '/auth/refresh', { mode: 'session' })
    .then((d) => scheduleRefresh(d.expires))
    .catch(() => undefined);
}

/** Renews the session a minute before it expires, so an editor typing a long text is not signed out. */
export function scheduleRefresh(expiresMs: number): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refreshNow, Math.max(expiresMs - 60_000, 5_000));
}

/**
 * After a reload the page no longer knows when the session expires: renew it now, which answers the
 * new expiry and arms the timer again. Does nothing while a timer is armed.
 */
export function resumeRefresh(): void {
  if (refreshTimer === undefined) refreshTimer = setTimeout(refreshNow, 0);
}

export function stopRefresh(): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

/** A call to the public REST API with the session cookie; answers the whole body (`data` and `meta`). */
export function apiBody<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ data: T; meta?: Record<string, number> }> {
  return send<T>(path, jsonInit(method, body));
}

function jsonInit(method: string, body: unknown): RequestInit {
  return {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/** One request; the standard error body or a network failure becomes an ApiError with a readable message. */
async function request(path: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw networkError();
  }
  if (!res.ok) throw errorOf(res.status, (await res.json().catch(() => ({}))) as ErrorBody);
  return res;
}

async function send<T>(path: string, init: RequestInit): Promise<{ data: T; meta?: Record<string, number> }> {
  const res = await request(path, init);
  if (res.status === 204) return { data: undefined as T };
  return (await res.json().catch(() => ({}))) as { data: T; meta?: Record<string, number> };
}

/** A call the API answers with an empty body and a `Location` header (an export names its job there): answers that header. */
export async function apiLocation(method: string, path: string, body?: unknown): Promise<string | null> {
  return (await request(path, jsonInit(method, body))).headers.get('Location');
}

/** Posts one file as the multipart part `file` (POST /files, /schema/diff…); answers `data` (undefined on 204). */
export async function postFile<T>(path: string, file: Blob, name = 'upload'): Promise<T> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : name);
  return (await send<T>(path, { method: 'POST', credentials: 'same-origin', body: form })).data;
}

/** A call to the public REST API with the session cookie; answers `data` of the body. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await apiBody<T>(method, path, body)).data;
}

/** Where a 401 sends the user: the sign-in page, remembering the page to come back to. */
export function signInPath(from: string): string {
  return `/signin?from=${encodeURIComponent(from)}`;
}
