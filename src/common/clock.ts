/**
 * The time the server reads for the windows it enforces (sign-in lockout, rate limits, reset and invite
 * token expiry, session grace). It is injected rather than read from Date.now() so the end-to-end tests
 * move it forward instead of waiting for a window to pass. Only code in the server's own process can
 * pass another clock (createApp's argument): no setting, variable or route changes it.
 */
export const CLOCK = Symbol('CLOCK');

export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
