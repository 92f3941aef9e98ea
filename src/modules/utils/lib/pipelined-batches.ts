/**
 * Cuts the rows of `pieces` into batches of `size` and writes them in order, one write at a time, each
 * starting as soon as the one before it ends. Up to `ahead` batches are read and prepared while a
 * write runs: a write waits on the database several times (an import's rows, then their activity and
 * revisions), and a second batch to prepare gives the reader work for the later waits. The reader waits
 * once `ahead` prepared batches are queued, so memory holds `ahead + 1` batches at most and
 * the source is never read faster than the writer takes it. `checkpoint` runs before each batch is
 * prepared and once at the end (a deadline check, say); a failure in any step ends the run only once no
 * write is running, and no queued write starts after it.
 */
export async function writePipelined<T, P>(
  pieces: AsyncIterable<T[]>,
  size: number,
  prepare: (batch: T[]) => Promise<P>,
  write: (batch: T[], prepared: P) => Promise<void>,
  checkpoint: () => void = () => undefined,
  ahead = 1,
): Promise<void> {
  const queued: Promise<void>[] = [];
  let last: Promise<void> = Promise.resolve();
  let failed = false;
  const enqueue = (batch: T[], prepared: P) => {
    last = last.then(() => (failed ? undefined : write(batch, prepared)));
    // Observed when its turn comes to be awaited; until then it must not count as an unhandled rejection.
    last.catch(() => undefined);
    queued.push(last);
  };
  let batch: T[] = [];
  try {
    for await (const rows of pieces) {
      for (const row of rows) {
        batch.push(row);
        if (batch.length < size) continue;
        checkpoint();
        enqueue(batch, await prepare(batch));
        batch = [];
        while (queued.length > ahead) await queued.shift();
      }
    }
    if (batch.length) enqueue(batch, await prepare(batch));
    await last;
    checkpoint();
  } catch (e) {
    failed = true;
    await last.catch(() => undefined);
    throw e;
  }
}
