import { PushQueue } from './push-queue';

describe(PushQueue.name, () => {
  it('hands out pushed values in order, to waiting and later readers alike', async () => {
    const q = new PushQueue<number>();
    const first = q.next();
    q.push(1);
    q.push(2);
    expect(await first).toEqual({ value: 1, done: false });
    expect(await q.next()).toEqual({ value: 2, done: false });
  });

  it('ends a waiting read at once on return, runs onReturn once and ignores later pushes', async () => {
    const onReturn = jest.fn();
    const q = new PushQueue<number>(onReturn);
    const waiting = q.next();
    await q.return();
    await q.return();
    q.push(3);
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(await q.next()).toEqual({ value: undefined, done: true });
    expect(onReturn).toHaveBeenCalledTimes(1);
  });
});
