import { createPartlyReadableSchema } from '../factories/schema.factory';
import { createTestApp, TestApp } from '../helpers/test-app';

/** API.md 11 over POST /graphql/system: collections, fields and relations read as REST reads them. */
describe('POST /graphql/system schema queries', () => {
  let t: TestApp;
  let authors: string;
  let posts: string;
  let secret: string;
  let editor: string;

  const run = (who: string, query: string, variables: Record<string, unknown> = {}) =>
    t.as(who).post('/graphql/system').send({ query, variables });
  const names = (list: { collection: string }[]) => [...new Set(list.map((c) => c.collection))].sort();

  beforeAll(async () => {
    t = await createTestApp();
    let user: { token: string };
    ({ authors, posts, secret, editor: user } = await createPartlyReadableSchema(t));
    editor = user.token;
  });
  afterAll(() => t.close());

  it('answers the same collections, fields and relations as REST for an admin', async () => {
    const res = await run(
      'admin',
      '{ collections { collection meta schema } fields { collection field type } relations { collection field related_collection } }',
    );
    expect(res.status).toBe(200);
    const rest = await t.as('admin').get('/collections');
    expect(res.body.data.collections).toEqual(rest.body.data);
    expect(names(res.body.data.collections)).toEqual(expect.arrayContaining(['svc_users', authors, posts, secret]));
    const fields = (await t.as('admin').get('/fields')).body.data.map(
      ({ collection, field, type }: Record<string, string>) => ({ collection, field, type }),
    );
    expect(res.body.data.fields).toEqual(fields);
    expect(res.body.data.relations).toContainEqual({ collection: posts, field: 'author', related_collection: authors });
  });

  it('filters by the caller read rules, as REST', async () => {
    const res = await run(
      editor,
      '{ collections { collection } fields { collection field } relations { collection field } }',
    );
    const own = (list: { collection: string }[]) => names(list).filter((n) => !n.startsWith('svc_'));
    // The editor has app access: the system collections it grants are listed too, as REST lists them.
    expect(own(res.body.data.collections)).toEqual([authors, posts].sort());
    expect(res.body.data.collections).toEqual(
      (await t.as(editor).get('/collections')).body.data.map(({ collection }: { collection: string }) => ({
        collection,
      })),
    );
    expect(names(res.body.data.collections)).toContain('svc_users');
    expect(
      res.body.data.fields
        .filter((f: { collection: string }) => f.collection === posts)
        .map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['author', 'id', 'title']);
    expect(own(res.body.data.fields)).toEqual([authors, posts].sort());
    expect(res.body.data.fields).not.toContainEqual({ collection: 'svc_users', field: 'token' });
    expect(res.body.data.relations.filter((r: { collection: string }) => !r.collection.startsWith('svc_'))).toEqual([
      { collection: posts, field: 'author' },
    ]);
  });

  it('reads one collection, field or relation by name and answers FORBIDDEN where REST does', async () => {
    const query = `query($c: String!, $f: String!) {
      collections_by_name(name: $c) { collection }
      fields_in_collection(collection: $c) { field }
      fields_by_name(collection: $c, field: $f) { field type }
      relations_in_collection(collection: $c) { field }
      relations_by_name(collection: $c, field: $f) { related_collection }
    }`;
    const res = await run(editor, query, { c: posts, f: 'author' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      collections_by_name: { collection: posts },
      fields_in_collection: expect.arrayContaining([{ field: 'title' }]),
      fields_by_name: { field: 'author', type: 'integer' },
      relations_in_collection: [{ field: 'author' }],
      relations_by_name: { related_collection: authors },
    });
    const hidden = await run(editor, '{ collections_by_name(name: "' + secret + '") { collection } }');
    expect(hidden.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const field = await run(editor, `{ fields_by_name(collection: "${posts}", field: "body") { field } }`);
    expect(field.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('refuses the lists to a caller without app access, as REST', async () => {
    for (const query of ['{ collections { collection } }', '{ fields { field } }', '{ relations { field } }']) {
      const res = await run('anonymous', query);
      expect(res.body.data).toBeNull();
      expect(res.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['FORBIDDEN']);
    }
  });
});
