import { InvalidPayloadError } from '../../../common/errors/errors';
import { multipartFields, multipartValue, parseFileValues } from './file-values';

describe(parseFileValues.name, () => {
  it.each([
    [
      { title: 'A', type: 'image/png' },
      { title: 'A', type: 'image/png' },
    ],
    [
      { width: '120', height: 80 },
      { width: 120, height: 80 },
    ],
    [{ tags: ['a', 'b'] }, { tags: ['a', 'b'] }],
    [{ tags: '["a","b"]' }, { tags: ['a', 'b'] }],
    [{ tags: 'a, b' }, { tags: ['a', 'b'] }],
    [{ metadata: '{"x":1}' }, { metadata: { x: 1 } }],
    [
      { folder: null, description: null },
      { folder: null, description: null },
    ],
    [{ filename_disk: 'sub/a.jpg' }, { filename_disk: 'sub/a.jpg' }],
    [{ uploaded_by: 'x', created_on: 'y', title: 'kept' }, { title: 'kept' }],
    [{ nope: 1, title: 'kept' }, { title: 'kept' }],
    [{ id: 'AAAAAAAA-0000-4000-8000-000000000000' }, { id: 'aaaaaaaa-0000-4000-8000-000000000000' }],
  ])('accepts %j', (input, expected) => expect(parseFileValues(input, { allowId: true })).toEqual(expected));

  it.each([
    [{ width: 'wide' }],
    [{ width: 1.5 }],
    [{ tags: [1] }],
    [{ metadata: '[1]' }],
    [{ metadata: '{bad' }],
    [{ folder: 'not-a-uuid' }],
    [{ filename_disk: '../../etc/passwd' }],
    [{ filename_disk: '/abs.jpg' }],
    [{ filename_disk: 'abc__0123456789abcdef0123456789abcdef01234567.png' }],
    [{ filename_disk: 'temp_upload_x' }],
    [{ storage: null }],
    [{ filename_download: '' }],
    [{ title: 5 }],
    [[]],
    [{ metadata: '{"constructor":{"prototype":{"z":1}}}' }],
    [{ metadata: { prototype: 1 } }],
    [JSON.parse('{"title":"x","__proto__":{"z":1}}')],
  ])('rejects %j', (input) => expect(() => parseFileValues(input, { allowId: true })).toThrow(InvalidPayloadError));

  it('drops id on updates', () => {
    expect(parseFileValues({ id: 'aaaaaaaa-0000-4000-8000-000000000000', title: 't' }, { allowId: false })).toEqual({
      title: 't',
    });
  });
});

describe(multipartValue.name, () => {
  it.each([
    ['null', null],
    [' true ', true],
    ['false', false],
    ['text', 'text'],
    ['', ''],
    ['{"a":1}', '{"a":1}'],
  ])('%j → %j', (raw, expected) => expect(multipartValue(raw)).toBe(expected));
});

describe(multipartFields.name, () => {
  it('applies multipartValue to text values and keeps nested values', () => {
    expect(multipartFields({ folder: 'null', title: 'A', meta: { a: '1' } })).toEqual({
      folder: null,
      title: 'A',
      meta: { a: '1' },
    });
  });

  it.each([
    [{ folder: '', description: '', title: 'A' }, { title: 'A' }],
    [{ title: ' ' }, { title: ' ' }],
    [{ folder: 'null', description: '' }, { folder: null }],
  ])('leaves out empty text parts, as not sent: %j → %j', (fields, expected) =>
    expect(multipartFields(fields)).toEqual(expected),
  );
});
