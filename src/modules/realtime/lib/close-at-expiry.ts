import type WebSocket from 'ws';

/** setTimeout's longest delay; a later expiry is checked again when this one ends. */
export const MAX_TIMER = 2 ** 31 - 1;

/** The GraphQL protocol's Forbidden close code (graphql-transport-ws). */
const FORBIDDEN = 4403;

/** Closes `ws` with 4403 once `expiresAt` (ms since the epoch) has passed; null: never. */
export function closeAtExpiry(ws: WebSocket, expiresAt: number | null): void {
  if (expiresAt === null) return;
  const wait = Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER);
  const timer = setTimeout(
    () => (Date.now() >= expiresAt ? ws.close(FORBIDDEN, 'Forbidden') : closeAtExpiry(ws, expiresAt)),
    wait,
  );
  // Never what keeps the process alive: shutdown closes the socket anyway.
  timer.unref();
  ws.once('close', () => clearTimeout(timer));
}
