import { createCollection } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** A 400 INVALID_PAYLOAD whose message holds every one of `parts`. */
async function expectNamed(response: PromiseLike<{ status: number; body: any }>, parts: string[]): Promise<void> {
  const res = await expectError(response, 400, 'INVALID_PAYLOAD');
  for (const part of parts) expect(res.body.errors[0].message).toContain(part);
}

/**
 * /collections and /fields bodies: a member Vellum would drop (a typo, or a meta member at the top
 * level) is refused with its name, and nothing changes, rather than a 200 that silently changes nothing.
 */
describe('collection and field bodies with members Vellum does not know', () => {
  let t: TestApp;
  let articles: string;
  const collectionMeta = async (name: string) => (await t.as('admin').get(`/collections/${name}`)).body.data?.meta;
  const fieldEntry = async (name: string) => (await t.as('admin').get(`/fields/${articles}/${name}`)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    articles = await createCollection(t, uniq('articles'), [
      { field: 'title', type: 'string', meta: { note: 'The title' } },
    ]);
  });
  afterAll(() => t.close());

  describe('PATCH /collections', () => {
    it('refuses `versioning` at the top level, saying it belongs in meta.versioning', async () => {
      await expectNamed(t.as('admin').patch(`/collections/${articles}`).send({ versioning: true }), [
        '"versioning" belongs in "meta"',
        '"meta.versioning"',
      ]);
      expect((await collectionMeta(articles)).versioning).toBe(false);
    });

    it('refuses a misspelt meta member, naming it', async () => {
      await expectNamed(
        t
          .as('admin')
          .patch(`/collections/${articles}`)
          .send({ meta: { versionning: true, note: 'changed' } }),
        ['"meta.versionning"'],
      );
      expect(await collectionMeta(articles)).toMatchObject({ versioning: false, note: null });
    });

    it('refuses them in a batch, naming the place, and changes none of the batch', async () => {
      await expectNamed(
        t
          .as('admin')
          .patch('/collections')
          .send([
            { collection: articles, meta: { note: 'first' } },
            { collection: articles, versioning: true },
          ]),
        ['"[1].versioning" belongs in "[1].meta"'],
      );
      expect((await collectionMeta(articles)).note).toBe(null);
    });

    it('takes meta.versioning, and an entry sent back whole as it was read', async () => {
      const res = await t
        .as('admin')
        .patch(`/collections/${articles}`)
        .send({ meta: { versioning: true } });
      expect([res.status, res.body.data.meta.versioning]).toEqual([200, true]);
      const read = (await t.as('admin').get(`/collections/${articles}`)).body.data;
      const back = await t
        .as('admin')
        .patch(`/collections/${articles}`)
        .send({ ...read, meta: { ...read.meta, versioning: false } });
      expect([back.status, back.body.data.meta.versioning]).toEqual([200, false]);
    });
  });

  describe('POST /collections', () => {
    it('refuses unknown members of the body, its meta, its schema and its fields; nothing is created', async () => {
      const name = uniq('notes');
      const cases: [Record<string, unknown>, string[]][] = [
        [{ collection: name, versioning: true }, ['"versioning" belongs in "meta"']],
        [{ collection: name, meta: { singelton: true } }, ['"meta.singelton"']],
        [{ collection: name, schema: { nmae: name } }, ['"schema.nmae"']],
        [
          { collection: name, fields: [{ field: 'body', type: 'text', meta: { interfce: 'input' } }] },
          ['"fields[0].meta.interfce"'],
        ],
        [
          { collection: name, fields: [{ field: 'body', type: 'text', is_nullable: false }] },
          ['"fields[0].is_nullable" belongs in "fields[0].schema"'],
        ],
      ];
      for (const [body, parts] of cases) await expectNamed(t.as('admin').post('/collections').send(body), parts);
      await expectNamed(
        t
          .as('admin')
          .post('/collections')
          .send([{ collection: uniq('ok') }, { collection: name, hiden: true }]),
        ['"[1].hiden"'],
      );
      await expectError(t.as('admin').get(`/collections/${name}`), 403, 'FORBIDDEN');
      const created = (await t.as('admin').get('/collections')).body.data.map(
        (c: { collection: string }) => c.collection,
      );
      expect(created.filter((c: string) => c.startsWith('ok_'))).toEqual([]);
    });
  });

  describe('/fields', () => {
    it('POST refuses meta and schema members at the top level and typos; the field is not created', async () => {
      await expectNamed(
        t.as('admin').post(`/fields/${articles}`).send({ field: 'summary', type: 'text', required: true }),
        ['"required" belongs in "meta"', '"meta.required"'],
      );
      await expectNamed(
        t
          .as('admin')
          .post(`/fields/${articles}`)
          .send({ field: 'summary', type: 'text', schema: { nullable: false } }),
        ['"schema.nullable"'],
      );
      await expectError(t.as('admin').get(`/fields/${articles}/summary`), 403, 'FORBIDDEN');
    });

    it('PATCH refuses typos in meta and schema, one field or a batch; nothing changes', async () => {
      await expectNamed(
        t
          .as('admin')
          .patch(`/fields/${articles}/title`)
          .send({ meta: { requierd: true } }),
        ['"meta.requierd"'],
      );
      await expectNamed(
        t
          .as('admin')
          .patch(`/fields/${articles}/title`)
          .send({ schema: { max_lenght: 20 } }),
        ['"schema.max_lenght"'],
      );
      await expectNamed(
        t
          .as('admin')
          .patch(`/fields/${articles}`)
          .send([
            { field: 'title', meta: { note: 'changed' } },
            { field: 'title', hidden: true },
          ]),
        ['"[1].hidden" belongs in "[1].meta"'],
      );
      expect(await fieldEntry('title')).toMatchObject({
        meta: { required: false, note: 'The title' },
        schema: { max_length: 255 },
      });
    });

    it('PATCH takes a field sent back whole as it was read', async () => {
      const read = await fieldEntry('title');
      const res = await t
        .as('admin')
        .patch(`/fields/${articles}/title`)
        .send({ ...read, meta: { ...read.meta, note: 'Headline' } });
      expect([res.status, res.body.data.meta.note]).toEqual([200, 'Headline']);
    });
  });

  it('leaves item bodies as the reference treats them: unknown members are dropped', async () => {
    const res = await t.as('admin').post(`/items/${articles}`).send({ title: 'kept', not_a_field: 1 });
    expect([res.status, res.body.data.title, res.body.data.not_a_field]).toEqual([200, 'kept', undefined]);
  });
});
