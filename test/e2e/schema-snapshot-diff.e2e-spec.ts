import { stringify as toYaml } from 'yaml';
import { createSampleSchema } from '../factories/schema.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { testClient } from '../helpers/test-database';

type Entry = Record<string, unknown> & {
  collection: string;
  field?: string;
  meta: Record<string, unknown> | null;
  schema: Record<string, unknown> | null;
};
interface Snap {
  version: number;
  platform: string;
  vendor: string;
  collections: Entry[];
  fields: Entry[];
  systemFields: Entry[];
  relations: Entry[];
}

const VENDOR: Record<string, string> = { sqlite: 'sqlite', mysql: 'mysql', mariadb: 'mysql', postgres: 'postgres' };

describe('/schema diff', () => {
  let t: TestApp;
  let names: { authors: string; articles: string; folder: string };
  let snap: Snap;
  const copy = (): Snap => structuredClone(snap);
  const diff = (body: unknown, query = '') =>
    t
      .as('admin')
      .post(`/schema/diff${query}`)
      .send(body as object);

  beforeAll(async () => {
    t = await createTestApp();
    names = await createSampleSchema(t, 'snap');
    snap = (await t.as('admin').get('/schema/snapshot')).body.data;
  });
  afterAll(() => t.close());

  describe('POST /schema/diff', () => {
    it("answers 204 for the instance's own snapshot, raw or in its { data } envelope", async () => {
      expect((await diff(snap)).status).toBe(204);
      expect((await diff({ data: snap })).status).toBe(204);
    });

    it('records created, changed and deleted collections', async () => {
      const target = copy();
      target.collections = target.collections.filter((c) => c.collection !== names.folder);
      target.collections.push({
        collection: 'snap_new',
        meta: { collection: 'snap_new', note: null },
        schema: { name: 'snap_new' },
      });
      target.collections.find((c) => c.collection === names.authors)!.meta!.note = 'People';
      const res = await diff(target);
      expect(res.status).toBe(200);
      expect(res.body.data.hash).toMatch(/^[0-9a-f]{40}$/);
      expect(res.body.data.diff).toEqual({
        collections: [
          { collection: names.authors, diff: [{ kind: 'E', path: ['meta', 'note'], lhs: null, rhs: 'People' }] },
          {
            collection: names.folder,
            diff: [{ kind: 'D', lhs: snap.collections.find((c) => c.collection === names.folder) }],
          },
          { collection: 'snap_new', diff: [{ kind: 'N', rhs: target.collections.at(-1) }] },
        ],
        fields: [],
        systemFields: [],
        relations: [],
      });
    });

    it('records created, changed and deleted fields, and drops the relation of a deleted field', async () => {
      const target = copy();
      const title = target.fields.find((f) => f.collection === names.articles && f.field === 'title')!;
      title.schema!.is_nullable = false;
      title.meta!.note = 'Main headline';
      target.fields = target.fields.filter(
        (f) => !(f.collection === names.articles && ['body', 'author'].includes(f.field!)),
      );
      const subtitle = { ...structuredClone(title), field: 'subtitle' };
      target.fields.push(subtitle);
      target.relations = target.relations.filter((r) => r.field !== 'author');
      target.fields = target.fields.filter((f) => !(f.collection === names.authors && f.field === 'articles'));
      const { body } = await diff(target);
      const kinds = (
        body.data.diff.fields as { collection: string; field: string; diff: { kind: string; path?: string[] }[] }[]
      ).map((f) => [
        f.collection,
        f.field,
        f.diff.map((r) => `${r.kind}${r.path ? `:${r.path.join('.')}` : ''}`).sort(),
      ]);
      // The target's fields in its own order, then those it no longer has.
      expect(kinds).toEqual([
        [names.articles, 'title', ['E:meta.note', 'E:schema.is_nullable']],
        [names.articles, 'subtitle', ['N']],
        [names.articles, 'author', ['D']],
        [names.articles, 'body', ['D']],
        [names.authors, 'articles', ['D']],
      ]);
      expect(body.data.diff.relations).toEqual([]);
    });

    it('records created, changed and deleted relations', async () => {
      const changed = copy();
      changed.relations[0].schema!.on_delete = 'SET NULL';
      changed.relations[0].meta!.one_deselect_action = 'delete';
      const edit = await diff(changed);
      expect(edit.body.data.diff.relations).toEqual([
        {
          collection: names.articles,
          field: 'author',
          related_collection: names.authors,
          diff: expect.arrayContaining([
            { kind: 'E', path: ['meta', 'one_deselect_action'], lhs: 'nullify', rhs: 'delete' },
            { kind: 'E', path: ['schema', 'on_delete'], lhs: 'CASCADE', rhs: 'SET NULL' },
          ]),
        },
      ]);
      const removed = copy();
      removed.relations = removed.relations.filter((r) => r.field !== 'author');
      expect((await diff(removed)).body.data.diff.relations).toEqual([
        {
          collection: names.articles,
          field: 'author',
          related_collection: names.authors,
          diff: [{ kind: 'D', lhs: snap.relations[0] }],
        },
      ]);
      const added = copy();
      const rating = {
        ...snap.relations[0],
        field: 'views',
        meta: { ...snap.relations[0].meta, many_field: 'views', one_field: null },
      };
      added.relations.push(rating);
      expect((await diff(added)).body.data.diff.relations).toEqual([
        {
          collection: names.articles,
          field: 'views',
          related_collection: names.authors,
          diff: [{ kind: 'N', rhs: rating }],
        },
      ]);
    });

    it('answers the hash of the current schema, whatever the target', async () => {
      const a = copy();
      a.collections[0].meta!.note = 'one';
      const b = copy();
      b.collections[0].meta!.note = 'two';
      expect((await diff(a)).body.data.hash).toBe((await diff(b)).body.data.hash);
    });

    it('leaves deletions out with mode=merge', async () => {
      const target = copy();
      target.collections = target.collections.filter((c) => c.collection !== names.folder);
      target.fields = target.fields.filter((f) => f.field !== 'body');
      target.collections.push({ collection: 'snap_merged', meta: null, schema: { name: 'snap_merged' } });
      const merged = await diff(target, '?mode=merge');
      expect(merged.body.data.diff).toEqual({
        collections: [{ collection: 'snap_merged', diff: [{ kind: 'N', rhs: target.collections.at(-1) }] }],
        fields: [],
        systemFields: [],
        relations: [],
      });
      const mirrored = await diff(target, '?mode=mirror');
      expect(mirrored.body.data.diff.collections).toHaveLength(2);
      expect(mirrored.body.data.diff.fields).toHaveLength(1);
      expect((await diff({ ...copy(), collections: snap.collections.slice(1) }, '?mode=merge')).status).toBe(204);
      await expectError(diff(target, '?mode=sync'), 400, 'INVALID_QUERY');
    });

    describe('version and vendor checks', () => {
      const foreignVendor = () => ({ ...copy(), vendor: VENDOR[testClient()] === 'postgres' ? 'sqlite' : 'postgres' });
      const foreignVersion = () => ({ ...copy(), platform: '0.0.1-other' });

      it.each([
        ['another vendor', foreignVendor, 'vendor'],
        ['another version', foreignVersion, 'version'],
      ])('refuses a snapshot of %s', async (_label, make, mention) => {
        const res = await expectError(diff(make()), 400, 'INVALID_PAYLOAD');
        expect(res.body.errors[0].message).toContain(mention);
      });

      it.each([['?force=true'], ['?force=1'], ['?force'], ['?force=']])('compares anyway with %s', async (query) => {
        expect((await diff(foreignVendor(), query)).status).toBe(204);
        expect((await diff(foreignVersion(), query)).status).toBe(204);
      });

      it.each([['?force=false'], ['?force=0']])('still refuses with %s', (query) =>
        expectError(diff(foreignVendor(), query), 400, 'INVALID_PAYLOAD'),
      );

      it('refuses a force value that is not a boolean', () =>
        expectError(diff(foreignVendor(), '?force=maybe'), 400, 'INVALID_QUERY'));
    });

    it.each([
      ['an empty object', {}, 'non-empty'],
      ['an unknown version', { version: 7 }, 'version'],
      ['fields that are not a list', { fields: 'none' }, 'fields'],
      ['a field without a type', { fields: [{ collection: 'a', field: 'b' }] }, 'fields[0]'],
      ['an unknown vendor', { vendor: 'excel' }, 'vendor'],
    ])('refuses %s, naming what is wrong', async (_label, change, mention) => {
      const body = Object.keys(change).length === 0 ? {} : { ...copy(), ...change };
      const res = await expectError(diff(body), 400, 'INVALID_PAYLOAD');
      expect(res.body.errors[0].message).toContain(mention);
    });

    it('refuses an empty JSON body with 400', () =>
      expectError(t.as('admin').post('/schema/diff').set('Content-Type', 'application/json'), 400, 'INVALID_PAYLOAD'));

    it('refuses other content types with 415', async () => {
      const res = await expectError(
        t.as('admin').post('/schema/diff').set('Content-Type', 'text/plain').send('version: 1'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(res.body.errors[0].extensions).toMatchObject({ mediaType: 'text/plain' });
    });

    describe('file uploads', () => {
      const upload = (files: [string, string, string][], query = '') => {
        let req = t.as('admin').post(`/schema/diff${query}`);
        for (const [content, filename, contentType] of files)
          req = req.attach('file', Buffer.from(content), { filename, contentType });
        return req;
      };

      it('answers an upload cut before its closing boundary with 400 INVALID_PAYLOAD and keeps serving', async () => {
        const body =
          '--cut\r\nContent-Disposition: form-data; name="file"; filename="s.json"\r\nContent-Type: application/json\r\n\r\n{}\r\n';
        await expectError(
          t.as('admin').post('/schema/diff').set('Content-Type', 'multipart/form-data; boundary=cut').send(body),
          400,
          'INVALID_PAYLOAD',
        );
        expect((await t.as('anonymous').get('/server/ping')).text).toBe('pong');
      });

      it('reads a YAML file', async () => {
        expect((await upload([[toYaml(snap), 'schema.yaml', 'text/yaml']])).status).toBe(204);
        const target = copy();
        target.collections[0].meta!.note = 'From YAML';
        const res = await upload([[toYaml(target), 'schema.yaml', 'application/x-yaml']]);
        expect(res.status).toBe(200);
        expect(res.body.data.diff.collections).toEqual([
          {
            collection: target.collections[0].collection,
            diff: [expect.objectContaining({ kind: 'E', rhs: 'From YAML' })],
          },
        ]);
      });

      it('reads a JSON file by its part type, the { data } envelope included', async () => {
        expect((await upload([[JSON.stringify({ data: snap }), 'schema.json', 'application/json']])).status).toBe(204);
      });

      it('applies the force rule to uploads too', async () => {
        const foreign = toYaml({ ...copy(), platform: '0.0.1-other' });
        await expectError(upload([[foreign, 's.yaml', 'text/yaml']]), 400, 'INVALID_PAYLOAD');
        expect((await upload([[foreign, 's.yaml', 'text/yaml']], '?force=true')).status).toBe(204);
      });

      it.each([
        [
          'two files',
          () => [
            [toYaml(snap), 'a.yaml', 'text/yaml'],
            [toYaml(snap), 'b.yaml', 'text/yaml'],
          ],
          'only one file',
        ],
        ['broken YAML', () => [['version: [1', 'a.yaml', 'text/yaml']], 'YAML'],
        ['broken JSON', () => [['{"version":', 'a.json', 'application/json']], 'JSON'],
      ] as [string, () => [string, string, string][], string][])('refuses %s', async (_label, files, mention) => {
        const res = await expectError(upload(files()), 400, 'INVALID_PAYLOAD');
        expect(res.body.errors[0].message).toContain(mention);
      });

      it('refuses an upload without a file', async () => {
        const res = await expectError(
          t.as('admin').post('/schema/diff').field('note', 'nothing'),
          400,
          'INVALID_PAYLOAD',
        );
        expect(res.body.errors[0].message).toContain('one file');
      });
    });
  });
});
