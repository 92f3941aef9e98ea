import { InvalidPayloadError } from '../../../common/errors/errors';
import { o2mChanges } from './o2m-changes';

describe(o2mChanges.name, () => {
  it.each([
    [[], { save: [], attach: [], detach: 'others' }],
    [[1, '2'], { save: [], attach: [1, '2'], detach: 'others' }],
    [[{ text: 'new' }, { id: 3, text: 'changed' }], { save: [{ text: 'new' }, { id: 3, text: 'changed' }], attach: [], detach: 'others' }],
    [{ create: [{ text: 'new' }] }, { save: [{ text: 'new' }], attach: [], detach: [] }],
    [{ update: [{ id: 4, text: 'x' }], delete: [5] }, { save: [{ id: 4, text: 'x' }], attach: [], detach: [5] }],
    [{}, { save: [], attach: [], detach: [] }],
  ])('reads %j', (value, expected) => expect(o2mChanges('comments', value, 'id')).toEqual(expected));

  it.each([
    ['null', null],
    ['a key', 3],
    ['a list with a boolean', [true]],
    ['a list with null', [null]],
    ['an unknown member', { add: [] }],
    ['create not a list', { create: { text: 'x' } }],
    ['create with a key', { create: [1] }],
    ['update without keys', { update: [{ text: 'x' }] }],
    ['delete with objects', { delete: [{ id: 1 }] }],
  ])('refuses %s', (_label, value) => expect(() => o2mChanges('comments', value, 'id')).toThrow(InvalidPayloadError));
});
