import { AppErrorList } from '../../../common/errors/app-error';
import { FailedValidationError, ForbiddenError, InvalidPayloadError } from '../../../common/errors/errors';
import { dialectFor } from '../../../database/dialects/dialect-for';
import type { PermissionRule } from '../../permissions/permissions.service';
import type { CollectionOverview, FieldOverview } from '../../schema/schema.types';
import type { Item } from './items.types';
import { planPayload, preparePayload, WriteMode } from './plan-payload';
import { fakeOverview } from '../../schema/testing/fake-overview';

const overview = fakeOverview();
const base = overview.collection('articles')!;
const withFields = (extra: Record<string, Partial<FieldOverview>>): CollectionOverview => ({
  ...base,
  fields: {
    ...base.fields,
    ...Object.fromEntries(
      Object.entries(extra).map(([name, f]) => [name, { ...base.fields.title, field: name, ...f }]),
    ),
  },
});
const articles = withFields({
  secret: { type: 'hash' },
  token: { special: ['conceal'] },
  pin: { type: 'hash', special: ['hash', 'conceal'] },
  created_on: { type: 'timestamp', special: ['date-created'] },
  updated_by: { type: 'uuid', special: ['user-updated'] },
});
const ALL: PermissionRule = { fields: null, permissions: null, validation: null, presets: null };
const USER = '6f1e6a36-4a2b-4d53-9f0e-53e6b5a9f1c2';

function prepare(data: unknown, mode: WriteMode = 'create', rule: PermissionRule = ALL, collection = articles) {
  const context = {
    collection,
    overview,
    dialect: dialectFor('postgres'),
    user: USER,
    hash: async (v: string) => `hashed:${v}`,
  };
  return preparePayload(planPayload(context, rule, { now: new Date(), user: USER, role: null }, mode), data);
}

describe(preparePayload.name, () => {
  it.each<[string, Item, WriteMode, PermissionRule, Item, Item]>([
    [
      'ignores unknown fields and aliases without a relation to write',
      { title: 'a', nope: 1 },
      'update',
      ALL,
      { title: 'a' },
      { title: 'a' },
    ],
    ['ignores the key of an update', { id: 4, views: '7' }, 'update', ALL, { views: 7 }, { views: '7' }],
    [
      'converts values for the vendor',
      { views: '7', published: 'true' },
      'update',
      ALL,
      { views: 7, published: true },
      { views: '7', published: 'true' },
    ],
    [
      'hashes, and conceals the hash in the revision',
      { secret: 'pw' },
      'update',
      ALL,
      { secret: 'hashed:pw' },
      { secret: '**********' },
    ],
    ['conceals in the revision only', { token: 't' }, 'update', ALL, { token: 't' }, { token: '**********' }],
    [
      'keeps even the hash of a concealed field out of the revision',
      { pin: 'pw' },
      'update',
      ALL,
      { pin: 'hashed:pw' },
      { pin: '**********' },
    ],
    [
      'applies presets under the given values',
      { title: 'a' },
      'create',
      { ...ALL, presets: { title: 'x', views: 3 } },
      { title: 'a', views: 3 },
      { title: 'a', views: 3 },
    ],
  ])('%s', async (_, data, mode, rule, values, payload) => {
    const out = await prepare(data, mode, rule);
    expect(out.payload).toEqual(payload);
    expect(Object.fromEntries(Object.keys(values).map((k) => [k, out.values[k]]))).toEqual(values);
  });

  it('stamps an update with its user', async () =>
    expect((await prepare({ title: 'a' }, 'update')).values.updated_by).toBe(USER));

  it('fills creation stamps on create unless given, and leaves the update stamps to the first update', async () => {
    const { values } = await prepare({ created_on: '2024-01-02T03:04:05Z' });
    expect(values.created_on).toBe('2024-01-02T03:04:05.000Z');
    expect(values.updated_by).toBeUndefined();
  });

  it.each<[string, unknown, PermissionRule, CollectionOverview, new (...args: never[]) => Error]>([
    ['no object', [1], ALL, articles, InvalidPayloadError],
    ['a field outside the allow-list', { views: 1 }, { ...ALL, fields: ['title'] }, articles, ForbiddenError],
    ['a broken rule', { views: 1 }, { ...ALL, validation: { views: { _gt: 5 } } }, articles, FailedValidationError],
    ['a missing required field', {}, ALL, withFields({ title: { required: true } }), FailedValidationError],
    [
      'two broken rules',
      { views: 1 },
      { ...ALL, validation: { views: { _gt: 5 } } },
      withFields({ title: { required: true } }),
      AppErrorList,
    ],
    ['a value of the wrong type', { views: 'many' }, ALL, articles, InvalidPayloadError],
    [
      'an unknown member of a system collection',
      { title: 'a', nope: 1 },
      ALL,
      { ...articles, system: true },
      InvalidPayloadError,
    ],
  ])('refuses %s', async (_, data, rule, collection, error) =>
    expect(prepare(data, 'create', rule, collection)).rejects.toBeInstanceOf(error),
  );

  describe('nesting of a value', () => {
    const nested = (levels: number) => JSON.parse('{"a":'.repeat(levels) + '1' + '}'.repeat(levels)) as Item;
    const withJson = withFields({ meta: { type: 'json' } });

    it('keeps a value 100 levels deep', async () => {
      expect((await prepare({ meta: nested(100) }, 'create', ALL, withJson)).payload.meta).toEqual(nested(100));
    });

    it.each([101, 200_000])('refuses a value %i levels deep, naming its field', async (levels) => {
      const attempt = prepare({ meta: nested(levels) }, 'create', ALL, withJson);
      await expect(attempt).rejects.toBeInstanceOf(InvalidPayloadError);
      await expect(prepare({ meta: nested(levels) }, 'update', ALL, withJson)).rejects.toThrow(
        'The value of field "meta" is nested deeper than 100 levels',
      );
    });
  });

  it('answers the field message of a failed field rule', async () => {
    const collection = withFields({
      title: {
        validation: { title: { _starts_with: 'A' } },
        meta: { validation_message: 'Start with A' } as FieldOverview['meta'],
      },
    });
    await expect(prepare({ title: 'b' }, 'create', ALL, collection)).rejects.toThrow('Start with A');
  });
});
