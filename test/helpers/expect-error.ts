/** Anything with a status and a parsed body: a supertest response or a raw-http one. */
interface AnswerWithBody {
  status: number;
  body: any;
}

/** Asserts the whole standard error body: `{ errors: [{ message, extensions: { code, ... } }] }`. */
export async function expectError<R extends AnswerWithBody>(
  response: R | PromiseLike<R>,
  status: number,
  code: string,
): Promise<R> {
  const res = await response;
  expect({ status: res.status, code: res.body?.errors?.[0]?.extensions?.code }).toEqual({ status, code });
  expect(res.body).toEqual({
    errors: expect.arrayContaining([{ message: expect.any(String), extensions: expect.objectContaining({ code }) }]),
  });
  for (const error of res.body.errors) expect(Object.keys(error).sort()).toEqual(['extensions', 'message']);
  return res;
}
