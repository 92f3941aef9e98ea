import { decideUpgrade, UpgradeInput } from './upgrade-decision';

const base: UpgradeInput = { mode: 'handshake', open: 0, limit: Infinity, token: null };

describe(decideUpgrade.name, () => {
  it.each<[Partial<UpgradeInput>, string]>([
    [{}, 'handshake'],
    [{ open: 2, limit: 2 }, 'refuse-limit'],
    [{ open: 1, limit: 2 }, 'handshake'],
    [{ mode: 'strict' }, 'refuse-auth'],
    [{ mode: 'strict', token: 't' }, 'verify-token'],
    [{ mode: 'public' }, 'public'],
    [{ mode: 'public', token: 't' }, 'verify-token'],
    [{ mode: 'handshake', token: 't' }, 'verify-token'],
    [{ mode: 'strict', open: 5, limit: 5 }, 'refuse-limit'],
  ])('%j → %s', (input, expected) => expect(decideUpgrade({ ...base, ...input })).toBe(expected));
});
