import { createHmac } from 'node:crypto';

/**
 * The token a session-mode refresh rotates to, derived from the old one. Concurrent refreshes inside
 * the grace window (API.md 3.2) must all receive the same next token, and the table keeps only hashes,
 * so the next token is recomputed from the old one instead of being stored.
 */
export function nextSessionToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`session-rotation:${token}`).digest('base64url');
}
