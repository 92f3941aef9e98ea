/** How often a running job's owner writes its heartbeat (`updated_on`). */
export const JOB_HEARTBEAT_MS = 10_000;

/** A running job whose heartbeat is older than this lost its owner: six beats missed, not a slow one. */
export const JOB_ABANDONED_AFTER_MS = 60_000;

/** How often each instance looks for abandoned jobs, besides once at start-up. */
export const JOB_SWEEP_INTERVAL_MS = 30_000;

/** The last heartbeat time below which a running job counts as abandoned. */
export function abandonedBefore(now: Date, abandonedAfterMs = JOB_ABANDONED_AFTER_MS): Date {
  return new Date(now.getTime() - abandonedAfterMs);
}
