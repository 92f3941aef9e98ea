import { ServiceBusyError } from '../../../common/errors/errors';
import { TransformQueue } from './transform-queue';

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe(TransformQueue.name, () => {
  it('runs at most maxRunning at once, the others in order once a slot frees', async () => {
    const queue = new TransformQueue({ maxRunning: 2, maxRunningPerCaller: 2, maxConcurrent: 10 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      most = Math.max(most, ++running);
      await later(10);
      running--;
      order.push(n);
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => queue.run(Date.now() + 1000, null, task(n))));
    expect({ results, most, order: order.slice(0, 2).sort() }).toEqual({
      results: [1, 2, 3, 4, 5],
      most: 2,
      order: [1, 2],
    });
  });

  it('answers 503 at once past maxConcurrent running or waiting', async () => {
    const queue = new TransformQueue({ maxRunning: 1, maxRunningPerCaller: 1, maxConcurrent: 2 });
    const slow = () => later(30);
    const first = queue.run(Date.now() + 1000, null, slow);
    const second = queue.run(Date.now() + 1000, null, slow);
    await expect(queue.run(Date.now() + 1000, null, slow)).rejects.toBeInstanceOf(ServiceBusyError);
    await Promise.all([first, second]);
  });

  it('drops a task still waiting at its deadline without starting it, and keeps serving', async () => {
    const queue = new TransformQueue({ maxRunning: 1, maxRunningPerCaller: 1, maxConcurrent: 5 });
    const started = jest.fn(() => later(1));
    const blocking = queue.run(Date.now() + 1000, null, () => later(60));
    await expect(queue.run(Date.now() + 20, null, started)).rejects.toBeInstanceOf(ServiceBusyError);
    await blocking;
    expect(started).not.toHaveBeenCalled();
    await expect(queue.run(Date.now() + 1000, null, async () => 'after')).resolves.toBe('after');
  });

  it('frees the slot of a failed task', async () => {
    const queue = new TransformQueue({ maxRunning: 1, maxRunningPerCaller: 1, maxConcurrent: 1 });
    await expect(
      queue.run(Date.now() + 1000, null, async () => Promise.reject(new Error('bad image'))),
    ).rejects.toThrow('bad image');
    await expect(queue.run(Date.now() + 1000, null, async () => 'next')).resolves.toBe('next');
  });

  it("keeps a slot for other callers while one caller's jobs hold its share", async () => {
    const queue = new TransformQueue({ maxRunning: 2, maxRunningPerCaller: 1, maxConcurrent: 10 });
    // The heavy jobs hold their slot until released, so 'small' can only finish first through the kept slot.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const heavy = [
      queue.run(Date.now() + 1000, 'user:a', () => held),
      queue.run(Date.now() + 1000, 'user:a', () => held),
    ];
    const small = queue.run(Date.now() + 1000, 'user:b', async () => 'small');
    await expect(Promise.race([small, later(500).then(() => 'waited for user:a')])).resolves.toBe('small');
    release();
    await Promise.all(heavy);
  });
});
