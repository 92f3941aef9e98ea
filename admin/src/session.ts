import { api } from './api';

/** Where the time of the next refresh survives a reload of the page (the cookie itself is HttpOnly). */
const KEY = 'vellum.studio.refreshAt';
/** Refresh when this share of the session token's life has passed: an expired token cannot be refreshed. */
const REFRESH_AT = 0.8;

/** setTimeout fires at once for longer delays (a signed 32-bit count of milliseconds). */
const MAX_DELAY = 2 ** 31 - 1;

let timer: ReturnType<typeof setTimeout> | undefined;

async function refresh(): Promise<void> {
  try {
    const { data } = await api<{ expires: number }>('POST', '/auth/refresh', { mode: 'session' });
    keepSessionAlive(data.expires);
  } catch {
    // Signed out or expired meanwhile: the next API call's 401 leads to the sign-in page.
    endSession();
  }
}

function schedule(): void {
  clearTimeout(timer);
  const at = Number(sessionStorage.getItem(KEY));
  if (at) timer = setTimeout(() => void refresh(), Math.min(MAX_DELAY, Math.max(0, at - Date.now())));
}

/** After a sign-in or refresh answered `{ expires }` (milliseconds): refresh before the session token expires. */
export function keepSessionAlive(expiresMs: number): void {
  sessionStorage.setItem(KEY, String(Date.now() + Math.floor(expiresMs * REFRESH_AT)));
  schedule();
}

export function endSession(): void {
  clearTimeout(timer);
  sessionStorage.removeItem(KEY);
}

/** On start of the app: go on refreshing the session of before the reload. */
export const resumeSession = schedule;
