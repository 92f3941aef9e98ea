import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';

describe('GET /utils/random/string', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 32 URL-safe characters by default, to anyone', async () => {
    const res = await t.as('anonymous').get('/utils/random/string');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
  });

  it.each([1, 10, 500])('honours length=%i', async (length) => {
    const res = await t.as('admin').get(`/utils/random/string?length=${length}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(length);
    expect(res.body.data).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('gives a different string every time', async () => {
    const values = await Promise.all([1, 2, 3, 4, 5].map(() => t.as('anonymous').get('/utils/random/string')));
    expect(new Set(values.map((r) => r.body.data)).size).toBe(5);
  });

  it.each(['0', '501', '-3', '2.5', 'ten', ''])('refuses length=%s with INVALID_QUERY', (length) =>
    expectError(t.as('anonymous').get(`/utils/random/string?length=${length}`), 400, 'INVALID_QUERY'),
  );

  it.each(['length[a]=1', 'length[toString]=1'])('refuses %s (not a number) with INVALID_QUERY', (query) =>
    expectError(t.as('anonymous').get(`/utils/random/string?${query}`), 400, 'INVALID_QUERY'),
  );
});
