import { ErrorCode } from '../../../common/errors/error-codes';
import { commentToCreate } from './comment-to-create';

const base = { collection: 'articles', item: '7', comment: 'Looks good' };

describe(commentToCreate.name, () => {
  it.each<[string, unknown, string]>([
    ['no object', 'hello', 'A comment must be an object'],
    ['an array', [base], 'A comment must be an object'],
    ['no comment', { ...base, comment: undefined }, '"comment" is required'],
    ['an empty comment', { ...base, comment: '' }, '"comment" is required'],
    ['a comment that is no text', { ...base, comment: 42 }, '"comment" is required'],
    ['no collection', { ...base, collection: null }, '"collection" is required'],
    ['no item', { ...base, item: undefined }, '"item" is required'],
    ['an item that is no key', { ...base, item: { id: 7 } }, '"item" is required'],
    ['an item that is no finite number', { ...base, item: Number.NaN }, '"item" is required'],
  ])('refuses %s with INVALID_PAYLOAD', (_name, value, reason) => {
    expect(() => commentToCreate(value)).toThrow(
      expect.objectContaining({ code: ErrorCode.InvalidPayload, extensions: { reason } }),
    );
  });

  it.each<[string, unknown, string]>([
    ['a text key', '7', '7'],
    ['a numeric key', 7, '7'],
    ['a uuid', '9b2c4a8e-0000-4000-8000-000000000001', '9b2c4a8e-0000-4000-8000-000000000001'],
  ])('keeps %s as text', (_name, item, stored) => {
    expect(commentToCreate({ ...base, item }).item).toBe(stored);
  });

  it('drops the authorship stamps and keeps everything else', () => {
    const claimed = {
      user_created: 'someone',
      user_updated: 'someone',
      date_created: '2000-01-01',
      date_updated: '2000-01-01',
    };
    expect(commentToCreate({ ...base, ...claimed, id: 'given' })).toEqual({ ...base, id: 'given' });
  });
});
