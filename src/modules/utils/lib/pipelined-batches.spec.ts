import { writePipelined } from './pipelined-batches';

async function* piecesOf(pieces: number[][]): AsyncGenerator<number[]> {
  for (const piece of pieces) yield piece;
}

/** Runs writePipelined and records the order of prepare/write events. */
async function trace(
  pieces: number[][],
  size: number,
  failAt?: { step: 'prepare' | 'write'; batch: number },
  ahead = 1,
) {
  const events: string[] = [];
  let running = 0;
  let overlap = 0;
  let held = 0;
  let mostHeld = 0;
  const run = writePipelined(
    piecesOf(pieces),
    size,
    async (batch) => {
      events.push(`prepare ${batch.join(',')}`);
      if (failAt?.step === 'prepare' && batch[0] === failAt.batch) throw new Error('prepare failed');
      if (running > 0) overlap++;
      mostHeld = Math.max(mostHeld, ++held);
      return batch.length;
    },
    async (batch, prepared) => {
      running++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(`write ${batch.join(',')} (${prepared})`);
      running--;
      held--;
      if (failAt?.step === 'write' && batch[0] === failAt.batch) throw new Error('write failed');
    },
    () => undefined,
    ahead,
  );
  const error = await run.then(
    () => null,
    (e: Error) => e.message,
  );
  return { events, overlap, error, running, mostHeld };
}

describe('writePipelined', () => {
  it.each([
    ['rows split across pieces', [[1, 2], [3], [4, 5]], 2, ['1,2', '3,4', '5']],
    ['an exact multiple', [[1, 2, 3, 4]], 2, ['1,2', '3,4']],
    ['fewer rows than a batch', [[1]], 3, ['1']],
    ['no rows', [[]], 3, []],
  ])('writes %s in order, each batch once', async (_name, pieces, size, batches) => {
    const { events, error } = await trace(pieces, size);
    expect(error).toBeNull();
    expect(events.filter((e) => e.startsWith('write')).map((e) => e.split(' ')[1])).toEqual(batches);
  });

  it('prepares the next batch while the previous one is being written', async () => {
    const { overlap } = await trace([[1, 2, 3, 4, 5, 6]], 2);
    expect(overlap).toBeGreaterThan(0);
  });

  it.each([
    ['prepare', 3],
    ['write', 1],
  ] as const)('ends with the %s failure only once no write is running', async (step, batch) => {
    const { error, running, events } = await trace([[1, 2, 3, 4, 5, 6]], 2, { step, batch });
    expect(error).toBe(`${step} failed`);
    expect(running).toBe(0);
    expect(events).not.toContain('write 5,6 (2)');
  });

  it.each([1, 2, 3])('holds at most %i prepared batches beside the one being written', async (ahead) => {
    const { events, mostHeld } = await trace([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]], 1, undefined, ahead);
    expect(mostHeld).toBe(ahead + 1);
    expect(events.filter((e) => e.startsWith('write')).map((e) => e.split(' ')[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
  });

  it('prepares two batches ahead while one write runs, when asked to', async () => {
    const { events } = await trace([[1, 2, 3, 4, 5, 6]], 1, undefined, 2);
    expect(events.slice(0, 4)).toEqual(['prepare 1', 'prepare 2', 'prepare 3', 'write 1 (1)']);
  });

  it.each([
    ['prepare', 5],
    ['write', 2],
  ] as const)(
    'with batches queued ahead, ends with the %s failure once no write runs, starting no queued write',
    async (step, batch) => {
      const { error, running, events } = await trace([[1, 2, 3, 4, 5, 6]], 1, { step, batch }, 3);
      expect(error).toBe(`${step} failed`);
      expect(running).toBe(0);
      const written = events.filter((e) => e.startsWith('write')).map((e) => Number(e.split(' ')[1]));
      expect(written.every((b, i) => b === i + 1)).toBe(true);
      if (step === 'write') expect(written).toEqual([1, 2]);
      expect(written).not.toContain(6);
    },
  );

  it('runs the checkpoint before each batch and at the end', async () => {
    let calls = 0;
    await writePipelined(
      piecesOf([[1, 2, 3]]),
      1,
      async () => 0,
      async () => undefined,
      () => calls++,
    );
    expect(calls).toBe(4);
  });
});
