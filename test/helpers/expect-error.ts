import type { Response } from 'supertest';

/** Asserts the whole standard error body: `{ errors: [{ message, extensions: { code, ... } }] }`. */
export async function expectError(
  response: Response | PromiseLike<Response>,
  status: number,
  code: string,
): Promise<Response> {
  const res = await response;
  expect({ status: res.status, code: res.body?.errors?.[0]?.extensions?.code }).toEqual({ status, code });
  expect(res.body).toEqual({
    errors: expect.arrayContaining([
      { message: expect.any(String), extensions: expect.objectContaining({ code }) },
    ]),
  });
  for (const error of res.body.errors) expect(Object.keys(error).sort()).toEqual(['extensions', 'message']);
  return res;
}
