import { GraphQLError } from 'graphql';
import { InvalidCredentialsError, InvalidPayloadError } from '../../common/errors/errors';
import { formatGraphqlError } from './format-graphql-error';

describe(formatGraphqlError.name, () => {
  const at = (original?: Error) => new GraphQLError('boom', { path: ['auth_login'], originalError: original });

  it.each([
    [
      'an AppError',
      at(new InvalidCredentialsError()),
      { message: 'Invalid user credentials.', extensions: { code: 'INVALID_CREDENTIALS' }, path: ['auth_login'] },
    ],
    [
      'an AppError with extensions',
      at(new InvalidPayloadError('bad')),
      {
        message: 'Invalid payload. bad.',
        extensions: { code: 'INVALID_PAYLOAD', reason: 'bad' },
        path: ['auth_login'],
      },
    ],
    [
      'an error of GraphQL itself',
      new GraphQLError('Variable "$x" is required.'),
      { message: 'Variable "$x" is required.', extensions: { code: 'GRAPHQL_VALIDATION' } },
    ],
    [
      'a variable of the wrong type (GraphQL wraps its scalar error)',
      new GraphQLError(
        'Variable "$s" got invalid value { a: 1 }; String cannot represent a non string value: { a: 1 }',
        { originalError: new GraphQLError('String cannot represent a non string value: { a: 1 }') },
      ),
      {
        message: 'Variable "$s" got invalid value { a: 1 }; String cannot represent a non string value: { a: 1 }',
        extensions: { code: 'GRAPHQL_VALIDATION' },
      },
    ],
    [
      'an unexpected error',
      at(new Error('db password is hunter2')),
      { message: 'An unexpected error occurred.', extensions: { code: 'INTERNAL_SERVER_ERROR' }, path: ['auth_login'] },
    ],
  ])('formats %s', (_label, error, expected) => expect(formatGraphqlError(error, () => undefined)).toEqual(expected));

  it('reports only unexpected errors', () => {
    const seen: unknown[] = [];
    formatGraphqlError(at(new InvalidCredentialsError()), (e) => seen.push(e));
    formatGraphqlError(at(new Error('x')), (e) => seen.push(e));
    expect(seen).toHaveLength(1);
  });
});
