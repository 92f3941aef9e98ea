import { isShareOpen, ShareLimits } from './share-window';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const open: ShareLimits = { date_start: null, date_end: null, times_used: 0, max_uses: null };

describe(isShareOpen.name, () => {
  it.each<[string, Partial<ShareLimits>, boolean]>([
    ['without limits', {}, true],
    ['before its start', { date_start: '2026-06-16T00:00:00.000Z' }, false],
    ['at its start', { date_start: NOW.toISOString() }, true],
    ['after its end', { date_end: '2026-06-15T11:59:59.000Z' }, false],
    ['at its end', { date_end: new Date(NOW) }, true],
    ['inside its window', { date_start: '2026-06-01T00:00:00Z', date_end: '2026-07-01T00:00:00Z' }, true],
    ['with uses left', { times_used: 2, max_uses: 3 }, true],
    ['used up', { times_used: 3, max_uses: 3 }, false],
    ['never used, no uses allowed', { times_used: null, max_uses: 0 }, false],
  ])('a share %s is open: %s', (_name, limits, expected) => {
    expect(isShareOpen({ ...open, ...limits }, NOW)).toBe(expected);
  });
});
