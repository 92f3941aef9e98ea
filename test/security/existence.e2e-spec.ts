import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

type Answer = { status: number; body: any };

/**
 * A member must not learn what exists beyond their rules: a field or collection they may not use is
 * refused exactly as one that does not exist (the reference's words, one answer for both), in `fields`,
 * `filter`, `sort`, `aggregate` and on writes, at the root and through a relation.
 */
describe('what a member may not use reads as missing', () => {
  let t: TestApp;
  let notes: string;
  let people: string;
  let vault: string;
  let member: string;

  beforeAll(async () => {
    t = await createTestApp();
    people = await createCollection(t, uniq('people'), [
      { field: 'name', type: 'string' },
      { field: 'salary', type: 'integer' },
    ]);
    notes = await createCollection(t, uniq('notes'), [
      { field: 'title', type: 'string' },
      { field: 'secret', type: 'string' },
      { field: 'author', type: 'integer' },
    ]);
    await createRelation(t, notes, 'author', people);
    vault = await createCollection(t, uniq('vault'), [{ field: 'code', type: 'string' }]);
    const person = await t.as('admin').post(`/items/${people}`).send({ name: 'Ada', salary: 9 }).expect(200);
    await t
      .as('admin')
      .post(`/items/${notes}`)
      .send({ title: 'a', secret: 's', author: person.body.data.id })
      .expect(200);
    const role = await createRole(t);
    await grant(t, role, notes, 'read', { fields: ['id', 'title', 'author'] });
    await grant(t, role, notes, 'create', { fields: ['title'] });
    await grant(t, role, people, 'read', { fields: ['id', 'name'] });
    member = (await createUser(t, role)).token;
  });
  afterAll(() => t.close());

  /** The answer with the two names made one, so answers naming different things can be compared. */
  const named = (res: Answer, name: string) =>
    JSON.stringify({ status: res.status, body: res.body })
      .replaceAll(`"${name}`, '"<name>')
      .replaceAll(`${name}"`, '<name>"');

  const read = (query: string) => () => t.as(member).get(`/items/${notes}?${query}`);

  it.each<[string, () => (name: string) => PromiseLike<Answer>, string, string, string]>([
    ['a field in fields', () => (f) => read(`fields=${f}`)(), 'secret', 'nosuch', 'root'],
    ['a function in fields', () => (f) => read(`fields=length(${f})`)(), 'secret', 'nosuch', 'root'],
    ['a related field in fields', () => (f) => read(`fields=author.${f}`)(), 'salary', 'nosuch', '"author"'],
    ['a field in filter', () => (f) => read(`filter[${f}][_eq]=s`)(), 'secret', 'nosuch', 'root'],
    ['a related field in filter', () => (f) => read(`filter[author][${f}][_eq]=9`)(), 'salary', 'nosuch', '"author"'],
    ['a field in sort', () => (f) => read(`sort=${f}`)(), 'secret', 'nosuch', 'root'],
    ['a related field in sort', () => (f) => read(`sort=author.${f}`)(), 'salary', 'nosuch', '"author"'],
    ['a field in aggregate', () => (f) => read(`aggregate[max]=${f}`)(), 'secret', 'nosuch', 'root'],
    ['a field in groupBy', () => (f) => read(`groupBy[]=${f}&aggregate[count]=*`)(), 'secret', 'nosuch', 'root'],
  ])(
    '%s: one the member may not read and one that does not exist get one answer',
    async (_, request, hidden, missing, where) => {
      const send = request();
      const refusedHidden = await expectError(send(hidden), 403, 'FORBIDDEN');
      const refusedMissing = await expectError(send(missing), 403, 'FORBIDDEN');
      const collection = where === 'root' ? notes : people;
      const words = `You don't have permission to access field "${hidden}" in collection "${collection}" or it does not exist. Queried in ${where}.`;
      expect(refusedHidden.body.errors).toEqual([{ message: words, extensions: { code: 'FORBIDDEN', reason: words } }]);
      expect(named(refusedMissing, missing)).toBe(named(refusedHidden, hidden));
    },
  );

  const collectionWords = (c: string) =>
    `You don't have permission to access collection "${c}" or it does not exist. Queried in root.`;

  it.each<[string, (collection: string) => PromiseLike<Answer>, (collection: string) => string]>([
    ['reading it', (c) => t.as(member).get(`/items/${c}`), collectionWords],
    ['reading one item', (c) => t.as(member).get(`/items/${c}/1`), collectionWords],
    ['creating in it', (c) => t.as(member).post(`/items/${c}`).send({ code: 'x' }), collectionWords],
    [
      'updating in it',
      (c) =>
        t
          .as(member)
          .patch(`/items/${c}`)
          .send({ keys: [1], data: { code: 'x' } }),
      collectionWords,
    ],
    ['deleting from it', (c) => t.as(member).delete(`/items/${c}`).send([1]), collectionWords],
    // The member may not create files, which an export needs whatever it reads: refused for that first.
    [
      'exporting it',
      (c) => t.as(member).post(`/utils/export/${c}`).send({ format: 'csv', query: {} }),
      () => "You don't have permission to access this.",
    ],
  ])(
    'a collection the member may not use and one that does not exist get one answer: %s',
    async (_, request, words) => {
      const nothing = uniq('nothing');
      const refusedHidden = await expectError(request(vault), 403, 'FORBIDDEN');
      const refusedMissing = await expectError(request(nothing), 403, 'FORBIDDEN');
      expect(refusedHidden.body.errors[0].message).toBe(words(vault));
      expect(named(refusedMissing, nothing)).toBe(named(refusedHidden, vault));
    },
  );

  it('a collection the member may not read, named through a relation, reads as missing there', async () => {
    const role = await createRole(t);
    await grant(t, role, notes, 'read', { fields: ['id', 'title', 'author'] });
    const noPeople = (await createUser(t, role)).token;
    const res = await expectError(t.as(noPeople).get(`/items/${notes}?fields=author.name`), 403, 'FORBIDDEN');
    const words = `You don't have permission to access collection "${people}" or it does not exist. Queried in "author".`;
    expect(res.body.errors).toEqual([{ message: words, extensions: { code: 'FORBIDDEN', reason: words } }]);
  });

  it('a create whose read-back names a field the member may not read is refused before anything is written, as for a missing one', async () => {
    const count = async () => (await t.as('admin').get(`/items/${notes}?aggregate[count]=*`)).body.data[0].count;
    const before = await count();
    for (const field of ['secret', 'nosuch']) {
      const res = await expectError(
        t.as(member).post(`/items/${notes}?fields=${field}`).send({ title: 'never' }),
        403,
        'FORBIDDEN',
      );
      expect(res.body.errors[0].message).toContain(`access field "${field}" in collection "${notes}"`);
    }
    expect(await count()).toBe(before);
    await t
      .as(member)
      .post(`/items/${notes}?fields=title`)
      .send({ title: 'kept' })
      .expect(200, { data: { title: 'kept' } });
  });

  it('a caller who may read every field is told a field does not exist', async () => {
    const res = await expectError(t.as('admin').get(`/items/${notes}?filter[nosuch][_eq]=1`), 400, 'INVALID_QUERY');
    expect(res.body.errors[0].message).toBe(
      `Invalid query. filter: field "nosuch" does not exist in collection "${notes}".`,
    );
    const allowed = await t.as(member).get(`/items/${notes}?filter[title][_eq]=a&fields=title`).expect(200);
    expect(allowed.body.data).toEqual([{ title: 'a' }]);
  });
});

/**
 * Paths a hostile review found still telling hidden from missing: `$FOLLOW`, `deep`, a dotted path through
 * a hidden relation, `count()` of a relation into an unreadable collection, `/utils/sort` and
 * `POST /versions`. Each pair must get one answer, apart from the name asked for.
 */
describe('the other paths that name a field or collection', () => {
  let t: TestApp;
  let notes: string;
  let people: string;
  let vault: string;
  let member: string;
  let stranger: string;

  beforeAll(async () => {
    t = await createTestApp();
    people = await createCollection(t, uniq('people'), [{ field: 'name', type: 'string' }]);
    vault = await createCollection(t, uniq('vault'), [
      { field: 'code', type: 'string' },
      { field: 'owner', type: 'integer' },
    ]);
    notes = await createCollection(t, uniq('notes'), [
      { field: 'title', type: 'string' },
      { field: 'vault_ref', type: 'integer' },
    ]);
    await createRelation(t, notes, 'vault_ref', vault);
    await createRelation(t, vault, 'owner', people, 'vault_items');
    await t.as('admin').post(`/items/${people}`).send({ name: 'Ada' }).expect(200);
    await t.as('admin').post(`/items/${vault}`).send({ code: 'topsecret', owner: 1 }).expect(200);
    await t.as('admin').post(`/items/${notes}`).send({ title: 'a', vault_ref: 1 }).expect(200);
    const role = await createRole(t);
    await grant(t, role, notes, 'read', { fields: ['id', 'title'] });
    await grant(t, role, people, 'read', { fields: ['id', 'name', 'vault_items'] });
    member = (await createUser(t, role)).token;
    stranger = (await createUser(t, await createRole(t))).token;
  });
  afterAll(() => t.close());

  const named = (res: Answer, name: string) =>
    JSON.stringify({ status: res.status, body: res.body }).replaceAll(name, '<name>');

  it.each<[string, (name: string) => PromiseLike<Answer>, () => [string, string]]>([
    [
      '$FOLLOW of a collection, by a role without permissions',
      (c) => t.as(stranger).get(`/activity?filter[$FOLLOW(${c},owner)][_null]=true`),
      () => [vault, uniq('nothing')],
    ],
    [
      '$FOLLOW of a field',
      (f) => t.as(member).get(`/items/${people}?filter[$FOLLOW(${vault},${f})][_null]=true`),
      () => ['owner', 'nosuch'],
    ],
    ['deep on a field', (f) => t.as(member).get(`/items/${notes}?deep[${f}][_limit]=1`), () => ['vault_ref', 'nosuch']],
    [
      'a dotted path through a field',
      (f) => t.as(member).get(`/items/${notes}?fields=id,${f}.code`),
      () => ['vault_ref', 'nosuch'],
    ],
    [
      '/utils/sort, anonymous',
      (c) => t.as('anonymous').post(`/utils/sort/${c}`).send({ item: 1, to: 2 }),
      () => [vault, uniq('nothing')],
    ],
    [
      'POST /versions, anonymous',
      (c) => t.as('anonymous').post('/versions').send({ key: 'draft', name: 'x', collection: c, item: '1' }),
      () => [vault, uniq('nothing')],
    ],
  ])('%s: one answer for hidden and missing', async (_, request, names) => {
    const [hidden, missing] = names();
    const [a, b] = [await request(hidden), await request(missing)];
    expect(a.status).not.toBe(500);
    if (a.status === 200) expect(a.body.data).toEqual(b.body.data);
    else expect(named(b, missing)).toBe(named(a, hidden));
  });

  it('count() of a relation into a collection the member may not read is refused as that collection', async () => {
    const res = await expectError(t.as(member).get(`/items/${people}?fields=count(vault_items)`), 403, 'FORBIDDEN');
    const words = `You don't have permission to access collection "${vault}" or it does not exist. Queried in "vault_items".`;
    expect(res.body.errors).toEqual([{ message: words, extensions: { code: 'FORBIDDEN', reason: words } }]);
  });
});
