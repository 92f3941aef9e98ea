import { INSTANCE_OWNER, ownerIsGone, ownerKeyTag, parseOwner } from './instance-owner';

const SELF = 'web-1:100:aaaa1111';

describe(ownerIsGone.name, () => {
  const runs = (pid: number) => pid === 200;
  it.each([
    ['a stopped process of this host', 'web-1:300:bbbb2222', true],
    ['a running process of this host', 'web-1:200:bbbb2222', false],
    ['an earlier process with this PID', 'web-1:100:cccc3333', true],
    ['this process', SELF, false],
    ['this process, as a storage key tag', 'web-1~100~aaaa1111', false],
    ['a stopped process, as a storage key tag', 'web-1~300~bbbb2222', true],
    ['a process of another host', 'web-2:300:bbbb2222', false],
    ['an unreadable tag', 'unknown', false],
    ['no tag', null, false],
  ] as const)('%s: %s', (_name, tag, gone) => {
    expect(ownerIsGone(tag, SELF, runs)).toBe(gone);
  });

  it('reads its own tag back, in a storage key too', () => {
    expect(parseOwner(INSTANCE_OWNER)).toEqual(parseOwner(ownerKeyTag()));
    expect(parseOwner(INSTANCE_OWNER)?.pid).toBe(process.pid);
    expect(ownerKeyTag()).not.toContain(':');
  });
});
