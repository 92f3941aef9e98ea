import { Page, pagedRows } from './paged-rows';

function source(count: number) {
  const pages: Page<number>[] = [];
  const read = async (page: Page<number>) => {
    pages.push(page);
    return Array.from({ length: Math.max(0, Math.min(page.limit, count - page.offset)) }, (_v, i) => page.offset + i);
  };
  return { read, pages };
}

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page);
  return out;
}

describe(pagedRows.name, () => {
  it.each([
    [0, 5, undefined, 0, [{ offset: 0, limit: 5 }]],
    [
      12,
      5,
      undefined,
      12,
      [
        { offset: 0, limit: 5 },
        { offset: 5, limit: 5 },
        { offset: 10, limit: 5 },
      ],
    ],
    [
      10,
      5,
      -1,
      10,
      [
        { offset: 0, limit: 5 },
        { offset: 5, limit: 5 },
        { offset: 10, limit: 5 },
      ],
    ],
    [
      12,
      5,
      7,
      7,
      [
        { offset: 0, limit: 5 },
        { offset: 5, limit: 2 },
      ],
    ],
    [3, 5, 10, 3, [{ offset: 0, limit: 5 }]],
    [12, 5, 0, 0, []],
  ])('%i rows in batches of %i with limit %j: %i rows from pages %j', async (count, batch, limit, expected, pages) => {
    const s = source(count);
    const rows = await collect(pagedRows(s.read, batch, limit));
    expect(rows).toEqual(Array.from({ length: expected }, (_v, i) => i));
    expect(s.pages.map(({ offset, limit }) => ({ offset, limit }))).toEqual(pages);
  });

  it('reads one page ahead of the consumer, no more', async () => {
    const s = source(100);
    const pages = pagedRows(s.read, 10);
    await pages.next();
    expect(s.pages).toHaveLength(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.pages).toHaveLength(2);
    await pages.next();
    expect(s.pages).toHaveLength(3);
  });

  it('hands each reader the last row of the page before', async () => {
    const s = source(25);
    await collect(pagedRows(s.read, 10));
    expect(s.pages.map((p) => p.after)).toEqual([undefined, 9, 19]);
  });
});
