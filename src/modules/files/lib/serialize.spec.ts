import { InvalidQueryError } from '../../../common/errors/errors';
import { pickFields, serializeRow } from './serialize';

describe(serializeRow.name, () => {
  it('turns dates into ISO strings', () =>
    expect(serializeRow({ a: new Date('2026-01-02T03:04:05.000Z'), b: 1, c: null })).toEqual({ a: '2026-01-02T03:04:05.000Z', b: 1, c: null }));
});

describe(pickFields.name, () => {
  const row = { id: '1', title: 't', type: 'x' };
  const known = ['id', 'title', 'type'];
  it.each([
    [undefined, row],
    ['*', row],
    ['id,title', { id: '1', title: 't' }],
    [['type'], { type: 'x' }],
    ['title,*', row],
  ])('%j', (fields, expected) => expect(pickFields(row, fields, known)).toEqual(expected));
  it('rejects unknown fields', () => expect(() => pickFields(row, 'nope', known)).toThrow(InvalidQueryError));
});
