export interface Page {
  offset: number;
  limit: number;
}

/**
 * Rows of a large read, fetched `batchSize` at a time as the consumer asks for them (API.md 2.1:
 * exports read in batches), so memory holds one page whatever the total. `limit` caps the total;
 * undefined or -1 reads everything. The reader must sort by a unique key, or pages may overlap.
 */
export async function* pagedRows<T>(
  readPage: (page: Page) => Promise<T[]>,
  batchSize: number,
  limit?: number,
): AsyncGenerator<T> {
  const total = limit === undefined || limit < 0 ? Infinity : limit;
  let offset = 0;
  while (offset < total) {
    const size = Math.min(batchSize, total - offset);
    const rows = await readPage({ offset, limit: size });
    yield* rows;
    if (rows.length < size) return;
    offset += rows.length;
  }
}
