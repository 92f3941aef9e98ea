/** The standard error body of the API, turned into one readable message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

interface ErrorBody {
  errors?: { message?: string; extensions?: { code?: string; field?: string } }[];
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** Renews the session a minute before it expires, so an editor typing a long text is not signed out. */
export function scheduleRefresh(expiresMs: number): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    api<{ expires: number }>('POST', '/auth/refresh', { mode: 'session' })
      .then((d) => scheduleRefresh(d.expires))
      .catch(() => undefined);
  }, Math.max(expiresMs - 60_000, 5_000));
}

export function stopRefresh(): void {
  clearTimeout(refreshTimer);
}

/** A call to the public REST API with the session cookie; answers the whole body (`data` and `meta`). */
export async function apiBody<T>(method: string, path: string, body?: unknown): Promise<{ data: T; meta?: Record<string, number> }> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached. Check the connection and retry.');
  }
  if (res.status === 204) return { data: undefined as T };
  const json = (await res.json().catch(() => ({}))) as { data: T; meta?: Record<string, number> } & ErrorBody;
  if (!res.ok) {
    const first = json.errors?.[0];
    const message = first?.message ?? `The server answered ${res.status}.`;
    throw new ApiError(res.status, first?.extensions?.code, message, first?.extensions?.field);
  }
  return json;
}

/** A call to the public REST API with the session cookie; answers `data` of the body. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await apiBody<T>(method, path, body)).data;
}

/** Where a 401 sends the user: the sign-in page, remembering the page to come back to. */
export function signInPath(from: string): string {
  return `/signin?from=${encodeURIComponent(from)}`;
}
