import { InvalidPayloadError } from '../../../common/errors/errors';
import { validateApplyBody } from './validate-apply-body';

const empty = { collections: [], fields: [], systemFields: [], relations: [] };
const created = { ...empty, collections: [{ collection: 'a', diff: [{ kind: 'N', rhs: { collection: 'a', meta: null, schema: { name: 'a' } } }] }] };

describe(validateApplyBody.name, () => {
  it.each([
    ['a plain body', { hash: 'h', diff: created }],
    ['the { data } envelope of /schema/diff', { data: { hash: 'h', diff: created } }],
  ])('accepts %s', (_label, input) => expect(validateApplyBody(input)).toEqual({ hash: 'h', diff: created }));

  it.each([
    ['no hash', { diff: empty }, '"hash"'],
    ['no diff', { hash: 'h' }, '"diff"'],
    ['a diff without systemFields', { hash: 'h', diff: { collections: [], fields: [], relations: [] } }, 'diff.systemFields'],
    ['an entry without its name', { hash: 'h', diff: { ...empty, fields: [{ collection: 'a', diff: [{ kind: 'D', lhs: {} }] }] } }, 'diff.fields[0]'],
    ['an unknown record kind', { hash: 'h', diff: { ...empty, collections: [{ collection: 'a', diff: [{ kind: 'X' }] }] } }, 'kind N, D, E or A'],
    ['an edit without path', { hash: 'h', diff: { ...empty, collections: [{ collection: 'a', diff: [{ kind: 'E', lhs: 1, rhs: 2 }] }] } }, 'path'],
    ['an empty record list', { hash: 'h', diff: { ...empty, relations: [{ collection: 'a', field: 'b', diff: [] }] } }, 'non-empty'],
    ['an array', [], 'object'],
  ])('refuses %s', (_label, input, mention) => {
    expect(() => validateApplyBody(input)).toThrow(InvalidPayloadError);
    expect(() => validateApplyBody(input)).toThrow(mention);
  });
});
