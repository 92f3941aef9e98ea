/** One error of the standard body `{ errors: [{ message, extensions: { code, field? } }] }`. */
export interface ApiErrorEntry {
  message: string;
  extensions?: { code?: string; field?: string; [key: string]: unknown };
}

/** A refusal of the API (or of the network) with the messages a person can read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorEntry[],
  ) {
    super(errors.map((e) => e.message).join(' ') || `The server answered ${status}.`);
  }

  get code(): string | undefined {
    return this.errors[0]?.extensions?.code;
  }

  /** Messages of field validation errors, by field name. */
  fieldErrors(): Record<string, string> {
    const byField: Record<string, string> = {};
    for (const e of this.errors) if (e.extensions?.field) byField[e.extensions.field] = e.message;
    return byField;
  }
}

/** Pages that answer 401 themselves (wrong password, bad token) instead of sending the user to sign in. */
const OWN_401 = ['/auth/', '/users/invite/accept'];

export function loginUrl(from: string = location.pathname + location.search): string {
  return `/admin/login?redirect=${encodeURIComponent(from)}`;
}

async function readErrors(res: Response): Promise<ApiErrorEntry[]> {
  try {
    const body = (await res.json()) as { errors?: ApiErrorEntry[] };
    if (Array.isArray(body.errors) && body.errors.length > 0) return body.errors;
  } catch {
    // Not JSON (a proxy's page): the status line below is all there is to say.
  }
  return [{ message: `The server answered ${res.status} ${res.statusText}.` }];
}

/** Calls the REST API with the session cookie; resolves with `data` (and `meta`) or throws an ApiError. */
export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ data: T; meta?: Record<string, number> }> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, [{ message: 'Vellum could not be reached. Check your connection and try again.', extensions: { code: 'NETWORK' } }]);
  }
  if (res.status === 401 && !OWN_401.some((p) => path.startsWith(p))) {
    location.assign(loginUrl());
    throw new ApiError(401, await readErrors(res));
  }
  if (!res.ok) throw new ApiError(res.status, await readErrors(res));
  if (res.status === 204) return { data: undefined as T };
  return (await res.json()) as { data: T; meta?: Record<string, number> };
}
