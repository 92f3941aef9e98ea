export interface ShareLimits {
  date_start: string | Date | null;
  date_end: string | Date | null;
  times_used: number | null;
  max_uses: number | null;
}

const time = (value: string | Date) => (value instanceof Date ? value : new Date(value)).getTime();

/** A share opens its item from `date_start` to `date_end` (both optional, inclusive) and until it is used `max_uses` times. */
export function isShareOpen(share: ShareLimits, now: Date): boolean {
  if (share.date_start !== null && time(share.date_start) > now.getTime()) return false;
  if (share.date_end !== null && time(share.date_end) < now.getTime()) return false;
  return share.max_uses === null || (share.times_used ?? 0) < share.max_uses;
}
