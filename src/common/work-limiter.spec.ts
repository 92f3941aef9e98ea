import { WorkLimiter, type WorkLimits } from './work-limiter';

type Outcome = 'run' | 'wait' | 'refuse';

/** Tries each key in turn and reports what the limiter said, keeping the releases of those that ran. */
async function admit(limiter: WorkLimiter, keys: (string | null)[]) {
  const outcomes: Outcome[] = [];
  const releases: (() => void)[] = [];
  const started: string[] = [];
  for (const [i, key] of keys.entries()) {
    const slot = limiter.acquire(key);
    if (!slot) {
      outcomes.push('refuse');
      continue;
    }
    let ran = false;
    void slot.then((release) => {
      ran = true;
      started.push(`${i}`);
      releases.push(release);
    });
    await Promise.resolve();
    outcomes.push(ran ? 'run' : 'wait');
  }
  return { outcomes, releases, started };
}

const flush = () => new Promise((r) => setImmediate(r));

describe(WorkLimiter.name, () => {
  it.each<[string, WorkLimits, (string | null)[], Outcome[]]>([
    [
      'runs up to the total, queues the next, refuses past the queue',
      { concurrency: 2, perCaller: 2, queue: 1, perCallerQueue: 2 },
      ['a', 'b', 'c', 'd'],
      ['run', 'run', 'wait', 'refuse'],
    ],
    [
      'lets one caller run and wait only its share',
      { concurrency: 4, perCaller: 1, queue: 10, perCallerQueue: 1 },
      ['a', 'a', 'a', 'b'],
      ['run', 'wait', 'refuse', 'run'],
    ],
    [
      'lets one caller queue more than it runs',
      { concurrency: 4, perCaller: 1, queue: 10, perCallerQueue: 3 },
      ['a', 'a', 'a', 'a', 'a', 'b'],
      ['run', 'wait', 'wait', 'wait', 'refuse', 'run'],
    ],
    [
      'counts unknown callers only against the totals',
      { concurrency: 2, perCaller: 1, queue: 1, perCallerQueue: 1 },
      [null, null, null, null],
      ['run', 'run', 'wait', 'refuse'],
    ],
    [
      'refuses everything waiting when the queue is empty-sized',
      { concurrency: 1, perCaller: 1, queue: 0, perCallerQueue: 1 },
      ['a', 'b'],
      ['run', 'refuse'],
    ],
  ])('%s', async (_title, limits, keys, expected) => {
    expect((await admit(new WorkLimiter(limits), keys)).outcomes).toEqual(expected);
  });

  it('starts the first waiter whose caller is below its share when a slot frees', async () => {
    const limiter = new WorkLimiter({ concurrency: 2, perCaller: 1, queue: 10, perCallerQueue: 1 });
    const { releases, started } = await admit(limiter, ['a', 'b', 'a', 'c']);
    expect(started).toEqual(['0', '1']);
    releases[1]();
    await flush();
    // b's slot went to c: a still runs one task, so its second waits on.
    expect(started).toEqual(['0', '1', '3']);
    releases[0]();
    await flush();
    expect(started).toEqual(['0', '1', '3', '2']);
  });

  it('frees a slot only once however often its release is called', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, perCaller: 1, queue: 5, perCallerQueue: 1 });
    const { releases, started } = await admit(limiter, ['a', 'b', 'c']);
    releases[0]();
    releases[0]();
    await flush();
    expect(started).toEqual(['0', '1']);
  });

  it('takes new work again once the burst is over', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, perCaller: 1, queue: 0, perCallerQueue: 1 });
    const first = await admit(limiter, ['a', 'a']);
    expect(first.outcomes).toEqual(['run', 'refuse']);
    first.releases[0]();
    expect((await admit(limiter, ['a'])).outcomes).toEqual(['run']);
  });

  it('drops a waiter whose signal aborts, with its reason, and the next one still runs', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, perCaller: 1, queue: 5, perCallerQueue: 5 });
    const release = await limiter.acquire(null)!;
    const cancel = new AbortController();
    const dropped = limiter.acquire('a', { signal: cancel.signal })!;
    const next = limiter.acquire('b')!;
    cancel.abort(new Error('too late'));
    await expect(dropped).rejects.toThrow('too late');
    release();
    await expect(next).resolves.toEqual(expect.any(Function));
  });
});
