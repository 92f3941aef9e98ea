import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { GraphqlRequestDto } from './graphql-request.dto';

/** What class-validator says of a body, unknown keys counting as errors (the pipe would drop them). */
async function validatorAccepts(body: unknown): Promise<boolean> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const errors = await validate(plainToInstance(GraphqlRequestDto, body), {
    forbidNonWhitelisted: true,
    whitelist: true,
  });
  return errors.length === 0;
}

describe('GraphqlRequestDto.isPlainlyValid', () => {
  it.each([
    [{ query: '{ a }' }, true],
    [{ query: '{ a }', variables: { x: 1 }, operationName: 'Q' }, true],
    [{ query: '{ a }', variables: null, operationName: null }, true],
    [{ query: 1 }, false],
    [{}, false],
    [{ query: '{ a }', variables: [1] }, false],
    [{ query: '{ a }', variables: 'x' }, false],
    [{ query: '{ a }', operationName: 2 }, false],
    [{ query: '{ a }', extra: true }, false],
    [[{ query: '{ a }' }], false],
    ['{ a }', false],
  ])('%j: %s, as class-validator says', async (body, expected) => {
    expect(GraphqlRequestDto.isPlainlyValid(body)).toBe(expected);
    expect(await validatorAccepts(body)).toBe(expected);
  });
});
