/**
 * Cuts the rows of `pieces` into batches of `size` and writes them in order, preparing each batch while
 * the one before it is written: the reader waits for that write before going further, so memory holds
 * two batches at most and the source is never read faster than the writer takes it. `checkpoint` runs
 * before each batch is prepared and once at the end (a deadline check, say); a failure in any step ends
 * the run only once no write is running.
 */
export async function writePipelined<T, P>(
  pieces: AsyncIterable<T[]>,
  size: number,
  prepare: (batch: T[]) => Promise<P>,
  write: (batch: T[], prepared: P) => Promise<void>,
  checkpoint: () => void = () => undefined,
): Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  let batch: T[] = [];
  try {
    for await (const rows of pieces) {
      for (const row of rows) {
        batch.push(row);
        if (batch.length < size) continue;
        checkpoint();
        const prepared = await prepare(batch);
        await writing;
        writing = write(batch, prepared);
        // Observed by the next await; until then it must not count as an unhandled rejection.
        writing.catch(() => undefined);
        batch = [];
      }
    }
    await writing;
    if (batch.length) await write(batch, await prepare(batch));
    checkpoint();
  } catch (e) {
    await writing.catch(() => undefined);
    throw e;
  }
}
