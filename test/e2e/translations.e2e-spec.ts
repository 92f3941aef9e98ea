import { createRole, createUser, CreatedUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** `/translations` (svc_translations): strings per key and language, which app access reads but never writes. */
describe('/translations', () => {
  let t: TestApp;
  let ann: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t, await createRole(t));
  });
  afterAll(() => t.close());

  const create = async (values: Record<string, unknown>) => {
    const res = await t
      .as('admin')
      .post('/translations')
      .send({ language: 'en-US', key: uniq('key'), value: 'Hello', ...values });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 200, errors: undefined });
    return res.body.data as Record<string, unknown> & { id: string; key: string };
  };

  it('creates, reads, lists, searches, updates and deletes translations, one or many', async () => {
    const key = uniq('greeting');
    const one = await create({ key, value: 'Hello' });
    expect(one).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), language: 'en-US', key, value: 'Hello' });
    const many = await t
      .as('admin')
      .post('/translations?fields=id,language,value')
      .send([
        { key, language: 'de-DE', value: 'Hallo' },
        { key, language: 'fr-FR', value: 'Bonjour' },
      ]);
    expect(many.body.data).toEqual([
      { id: expect.any(String), language: 'de-DE', value: 'Hallo' },
      { id: expect.any(String), language: 'fr-FR', value: 'Bonjour' },
    ]);
    const keys = many.body.data.map((r: { id: string }) => r.id);
    const list = await t
      .as('admin')
      .get(`/translations?filter[key][_eq]=${key}&sort=language&fields=language,value&meta=filter_count`);
    expect(list.body).toEqual({
      data: [
        { language: 'de-DE', value: 'Hallo' },
        { language: 'en-US', value: 'Hello' },
        { language: 'fr-FR', value: 'Bonjour' },
      ],
      meta: { filter_count: 3 },
    });
    expect((await t.as('admin').get(`/translations?search=Bonjour&fields=language`)).body.data).toEqual([
      { language: 'fr-FR' },
    ]);
    expect((await t.as('admin').get(`/translations/${one.id}?fields=value`)).body.data).toEqual({ value: 'Hello' });
    expect((await t.as('admin').patch(`/translations/${one.id}`).send({ value: 'Hi' })).body.data.value).toBe('Hi');
    const batch = await t
      .as('admin')
      .patch('/translations?fields=value')
      .send({ keys, data: { value: 'same' } });
    expect(batch.body.data).toEqual([{ value: 'same' }, { value: 'same' }]);
    expect((await t.as('admin').delete('/translations').send(keys)).status).toBe(204);
    expect((await t.as('admin').delete(`/translations/${one.id}`)).status).toBe(204);
    expect((await t.as('admin').get(`/translations?filter[key][_eq]=${key}`)).body.data).toEqual([]);
    await expectError(t.as('admin').get(`/translations/${one.id}`), 403, 'FORBIDDEN');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['without a language', { language: undefined }, 'FAILED_VALIDATION'],
    ['without a value', { value: null }, 'FAILED_VALIDATION'],
    ['with a key that is no text', { key: ['greeting'] }, 'INVALID_PAYLOAD'],
    ['whose value is no text', { value: { en: 'Hello' } }, 'INVALID_PAYLOAD'],
  ])('refuses a translation %s with 400 and the standard body', async (_name, values, code) => {
    const language = uniq('xx');
    await expectError(
      t
        .as('admin')
        .post('/translations')
        .send({ key: 'k', value: 'v', language, ...values }),
      400,
      code,
    );
    expect((await t.as('admin').get(`/translations?filter[language][_eq]=${language}`)).body.data).toEqual([]);
  });

  it('refuses a bad query and anonymous callers', async () => {
    await expectError(t.as('admin').get('/translations?filter[nope][_eq]=1'), 400, 'INVALID_QUERY');
    await expectError(t.as('anonymous').get('/translations'), 403, 'FORBIDDEN');
  });

  it('lets an app user read every translation and write none', async () => {
    const made = await create({ value: 'Welcome' });
    const seen = await t.as(ann.token).get(`/translations?filter[key][_eq]=${made.key}`);
    expect(seen.body.data).toEqual([made]);
    expect((await t.as(ann.token).get(`/translations/${made.id}?fields=value`)).body.data).toEqual({
      value: 'Welcome',
    });
    await expectError(
      t.as(ann.token).post('/translations').send({ language: 'en-US', key: 'mine', value: 'x' }),
      403,
      'FORBIDDEN',
    );
    await expectError(t.as(ann.token).patch(`/translations/${made.id}`).send({ value: 'changed' }), 403, 'FORBIDDEN');
    await expectError(t.as(ann.token).delete(`/translations/${made.id}`), 403, 'FORBIDDEN');
    expect((await t.as('admin').get(`/translations/${made.id}?fields=value`)).body.data).toEqual({ value: 'Welcome' });
  });

  it('is listed with its fields in /collections and /fields, for admins and app users', async () => {
    expect((await t.as('admin').get('/collections/svc_translations')).body.data).toMatchObject({
      collection: 'svc_translations',
      meta: { system: true },
    });
    const fields = (await t.as('admin').get('/fields/svc_translations')).body.data
      .map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual(['id', 'key', 'language', 'value']);
    const seen = (await t.as(ann.token).get('/fields/svc_translations')).body.data
      .map((f: { field: string }) => f.field)
      .sort();
    expect(seen).toEqual(fields);
  });
});
