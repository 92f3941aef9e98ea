import { createHash } from 'node:crypto';

/** Refresh, session and static tokens are stored as SHA-256 hex: a leaked table holds no live token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
