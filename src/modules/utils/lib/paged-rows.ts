export interface Page<T> {
  offset: number;
  limit: number;
  /** The last row of the page before, so a reader sorted by a unique key can start after it (keyset paging). */
  after?: T;
}

/**
 * The pages of a large read, `batchSize` rows each (API.md 2.1: exports read in batches). The next page
 * is asked for as soon as one arrives, so the database reads it while the consumer works on this one;
 * never more than that one page ahead, so memory holds two pages whatever the total. `limit` caps the
 * total; undefined or -1 reads everything. The reader must sort by a unique key, or pages may overlap.
 */
export async function* pagedRows<T>(
  readPage: (page: Page<T>) => Promise<T[]>,
  batchSize: number,
  limit?: number,
): AsyncGenerator<T[]> {
  const total = limit === undefined || limit < 0 ? Infinity : limit;
  let offset = 0;
  const read = (after?: T) => {
    const size = Math.min(batchSize, total - offset);
    if (size <= 0) return null;
    const rows = readPage({ offset, limit: size, after });
    // Awaited on the next round; until then a failure must not count as unhandled.
    rows.catch(() => undefined);
    return { size, rows };
  };
  let next = read();
  while (next) {
    const { size, rows } = next;
    const page = await rows;
    offset += page.length;
    next = page.length === size ? read(page[page.length - 1]) : null;
    if (page.length) yield page;
  }
}
