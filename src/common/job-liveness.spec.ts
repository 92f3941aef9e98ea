import { abandonedBefore, JOB_ABANDONED_AFTER_MS, JOB_HEARTBEAT_MS } from './job-liveness';

describe(abandonedBefore.name, () => {
  it.each([
    ['the default: a minute before now', undefined, '2026-11-24T09:59:00.000Z'],
    ['a given age', 5_000, '2026-11-24T09:59:55.000Z'],
  ])('%s', (_label, age, expected) => {
    expect(abandonedBefore(new Date('2026-11-24T10:00:00.000Z'), age).toISOString()).toBe(expected);
  });

  it('leaves several heartbeats of slack before a job counts as abandoned', () => {
    expect(JOB_ABANDONED_AFTER_MS / JOB_HEARTBEAT_MS).toBeGreaterThanOrEqual(3);
  });
});
