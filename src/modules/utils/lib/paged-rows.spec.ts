import { Page, pagedRows } from './paged-rows';

function source(count: number) {
  const pages: Page[] = [];
  const read = async (page: Page) => {
    pages.push(page);
    return Array.from({ length: Math.max(0, Math.min(page.limit, count - page.offset)) }, (_v, i) => page.offset + i);
  };
  return { read, pages };
}

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe(pagedRows.name, () => {
  it.each([
    [0, 5, undefined, 0, [{ offset: 0, limit: 5 }]],
    [12, 5, undefined, 12, [{ offset: 0, limit: 5 }, { offset: 5, limit: 5 }, { offset: 10, limit: 5 }]],
    [10, 5, -1, 10, [{ offset: 0, limit: 5 }, { offset: 5, limit: 5 }, { offset: 10, limit: 5 }]],
    [12, 5, 7, 7, [{ offset: 0, limit: 5 }, { offset: 5, limit: 2 }]],
    [3, 5, 10, 3, [{ offset: 0, limit: 5 }]],
    [12, 5, 0, 0, []],
  ])('%i rows in batches of %i with limit %j: %i rows from pages %j', async (count, batch, limit, expected, pages) => {
    const s = source(count);
    const rows = await collect(pagedRows(s.read, batch, limit));
    expect(rows).toEqual(Array.from({ length: expected }, (_v, i) => i));
    expect(s.pages).toEqual(pages);
  });

  it('reads the next page only when the consumer gets there', async () => {
    const s = source(100);
    const rows = pagedRows(s.read, 10);
    for (let i = 0; i < 10; i++) await rows.next();
    expect(s.pages).toHaveLength(1);
    await rows.next();
    expect(s.pages).toHaveLength(2);
  });
});
