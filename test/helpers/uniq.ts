import { randomBytes } from 'node:crypto';

/** A name no other test uses, so specs can share a database and run in parallel. */
export function uniq(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}
