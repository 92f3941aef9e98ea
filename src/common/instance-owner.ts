import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** The host part of owner tags: characters a storage key may hold everywhere, bounded in length. */
const HOST = hostname()
  .replace(/[^A-Za-z0-9.-]/g, '-')
  .slice(0, 32);

/**
 * This process among the instances sharing a database and storage: host, PID, and a random part
 * because PIDs are reused (a restarted container often gets the same one). Recorded on what the
 * process leaves half-done while it works (a running job, an upload's temporary object).
 */
export const INSTANCE_OWNER = `${HOST}:${process.pid}:${randomUUID().slice(0, 8)}`;

export interface Owner {
  host: string;
  pid: number;
  nonce: string;
}

/** `host:pid:nonce` (or with `~` in storage keys, where `:` is not portable); null for anything else. */
export function parseOwner(tag: string | null | undefined): Owner | null {
  const match = /^(.+)[:~](\d+)[:~]([0-9a-z]+)$/i.exec(tag ?? '');
  return match ? { host: match[1], pid: Number(match[2]), nonce: match[3] } : null;
}

/** The owner tag as it goes into a storage key. */
export function ownerKeyTag(owner = INSTANCE_OWNER): string {
  return owner.replace(/:/g, '~');
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the PID runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that left `tag` is known to have stopped, without waiting for a timeout: it ran
 * on this host and its PID runs no more, or this very process now has its PID (an earlier process of
 * the same container). An owner on another host, or an unreadable tag, is never known to be gone:
 * only its heartbeat or age tells. Assumes a host name is not shared by two PID namespaces.
 */
export function ownerIsGone(
  tag: string | null | undefined,
  self = INSTANCE_OWNER,
  runs: (pid: number) => boolean = pidRuns,
): boolean {
  const owner = parseOwner(tag);
  const me = parseOwner(self)!;
  if (!owner || owner.host !== me.host) return false;
  if (owner.pid === me.pid) return owner.nonce !== me.nonce;
  return !runs(owner.pid);
}
