import type { Clock } from '../../src/common/clock';

/**
 * The clock a test app runs on (createTestApp): the system's time plus how far the test moved it, so a
 * lockout, token or grace window is passed by `advance` instead of by waiting for it.
 */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
