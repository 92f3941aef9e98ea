import type { CollectionOverview, FieldOverview } from '../../schema/schema.types';
import { revertValues } from './revert-values';

const field = (name: string, values: Partial<FieldOverview> = {}) =>
  ({ field: name, type: 'string', special: [], primaryKey: false, ...values }) as FieldOverview;

const ARTICLES = {
  collection: 'articles',
  primary: 'id',
  fields: {
    id: field('id', { type: 'integer', primaryKey: true }),
    title: field('title'),
    secret: field('secret', { type: 'hash' }),
    token: field('token', { special: ['conceal'] }),
    comments: field('comments', { type: 'alias' }),
  },
} as unknown as CollectionOverview;

describe(revertValues.name, () => {
  it.each([
    ['keeps the values of existing fields', { title: 'Old' }, { title: 'Old' }],
    ["leaves a hashed field's hash out", { title: 'Old', secret: '$argon2id$x' }, { title: 'Old' }],
    ['leaves concealed fields out', { title: 'Old', token: 'abc' }, { title: 'Old' }],
    ['leaves the primary key out', { id: 7, title: 'Old' }, { title: 'Old' }],
    ['leaves fields deleted since out', { title: 'Old', gone: 1 }, { title: 'Old' }],
    ['leaves alias fields out', { title: 'Old', comments: [1, 2] }, { title: 'Old' }],
    ['leaves concealed values out', { title: '**********' }, {}],
    ['keeps nulls', { title: null }, { title: null }],
  ])('%s', (_label, data, expected) => expect(revertValues(data, ARTICLES)).toEqual(expected));
});
