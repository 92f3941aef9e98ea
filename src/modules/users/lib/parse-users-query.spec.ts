import { InvalidQueryError } from '../../../common/errors/errors';
import { parseUsersQuery } from './parse-users-query';

describe(parseUsersQuery.name, () => {
  it.each([
    [{}, { fields: undefined, limit: undefined, offset: 0 }],
    [{ fields: 'id, email' }, { fields: ['id', 'email'], limit: undefined, offset: 0 }],
    [{ fields: ['id', 'role,email'] }, { fields: ['id', 'role', 'email'], limit: undefined, offset: 0 }],
    [{ limit: '-1', offset: '5' }, { fields: undefined, limit: -1, offset: 5 }],
    [{ limit: '' }, { fields: undefined, limit: undefined, offset: 0 }],
  ])('parses %j', (raw, expected) => expect(parseUsersQuery(raw)).toEqual(expected));

  it.each([[{ limit: 'abc' }], [{ limit: '-2' }], [{ offset: '-1' }], [{ limit: '1.5' }], [{ fields: { a: 1 } }]])(
    'refuses %j',
    (raw) => expect(() => parseUsersQuery(raw)).toThrow(InvalidQueryError),
  );
});
