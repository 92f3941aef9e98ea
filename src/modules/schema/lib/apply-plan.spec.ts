import { diffSnapshot } from './diff-snapshot';
import { planApply } from './apply-plan';
import { collection, field, snapshot } from './schema-fixtures';
import { InvalidPayloadError } from '../../../common/errors/errors';

/** articles.author → authors, with the given meta. */
const authorRelation = <M>(meta: M) => ({
  collection: 'articles',
  field: 'author',
  related_collection: 'authors',
  meta,
  schema: null,
});
const id = (c: string) => field(c, 'id', 'integer', { has_auto_increment: true, is_primary_key: true });

describe(planApply.name, () => {
  it('creates parents before the collections grouped under them, each with its fields', () => {
    const current = snapshot();
    const target = snapshot({
      collections: [collection('child', { group: 'parent' }), collection('parent')],
      fields: [id('child'), id('parent')],
    });
    const plan = planApply(current, diffSnapshot(current, target));
    expect(plan.map((s) => [s.action, s.collection])).toEqual([
      ['create_collection', 'parent'],
      ['create_collection', 'child'],
    ]);
    expect(plan[0]).toMatchObject({ fields: [id('parent')] });
  });

  it('orders deletions so foreign keys go before the tables they point into', () => {
    const relation = authorRelation(null);
    const current = snapshot({
      collections: [collection('articles'), collection('authors')],
      fields: [id('articles'), field('articles', 'author', 'integer'), id('authors')],
      relations: [relation],
    });
    const target = snapshot({
      collections: [collection('articles')],
      fields: [id('articles'), field('articles', 'author', 'integer')],
    });
    const plan = planApply(current, diffSnapshot(current, target));
    expect(plan.map((s) => s.action)).toEqual(['delete_relation', 'delete_collection']);
  });

  it('applies edits onto the current entry', () => {
    const current = snapshot({ collections: [collection('a')], fields: [id('a'), field('a', 'title')] });
    const target = snapshot({
      collections: [collection('a', { note: 'x' })],
      fields: [id('a'), field('a', 'title', 'string', { is_nullable: false })],
    });
    const plan = planApply(current, diffSnapshot(current, target));
    expect(plan).toEqual([
      { action: 'update_collection', collection: 'a', entry: collection('a', { note: 'x' }) },
      {
        action: 'update_field',
        collection: 'a',
        field: 'title',
        entry: field('a', 'title', 'string', { is_nullable: false }),
      },
    ]);
  });

  it('replaces a column turned alias: delete first, then create', () => {
    const current = snapshot({ collections: [collection('a')], fields: [id('a'), field('a', 'x')] });
    const target = snapshot({ collections: [collection('a')], fields: [id('a'), field('a', 'x', 'alias')] });
    expect(planApply(current, diffSnapshot(current, target)).map((s) => s.action)).toEqual([
      'delete_field',
      'create_field',
    ]);
  });

  it.each([
    [
      'creating a collection that exists',
      snapshot({ collections: [collection('a')] }),
      snapshot(),
      snapshot({ collections: [collection('a')] }),
    ],
    ['deleting a collection that is gone', snapshot(), snapshot({ collections: [collection('a')] }), snapshot()],
    [
      'editing a field that is gone',
      snapshot({ collections: [collection('a')] }),
      snapshot({ collections: [collection('a')], fields: [field('a', 't')] }),
      snapshot({ collections: [collection('a')], fields: [field('a', 't', 'string', { is_nullable: false })] }),
    ],
  ])('refuses %s', (_label, current, diffBase, diffTarget) => {
    expect(() => planApply(current, diffSnapshot(diffBase, diffTarget))).toThrow(InvalidPayloadError);
  });

  it.each([[['meta', '__proto__', 'z']], [['meta', 'constructor', 'prototype', 'z']], [['meta', 'prototype', 'z']]])(
    'refuses the path %j, leaving Object.prototype alone',
    (path) => {
      const current = snapshot({ collections: [collection('a')] });
      const diff = {
        collections: [{ collection: 'a', diff: [{ kind: 'N' as const, path, rhs: 'polluted' }] }],
        fields: [],
        systemFields: [],
        relations: [],
      };
      expect(() => planApply(current, diff)).toThrow('A diff path may not use');
      expect(({} as Record<string, unknown>).z).toBeUndefined();
    },
  );
});

describe(`${planApply.name} with one-to-many aliases`, () => {
  it('lets the relation create its alias field, then sets the alias meta', () => {
    const relation = authorRelation({
      many_collection: 'articles',
      many_field: 'author',
      one_collection: 'authors',
      one_field: 'articles',
    });
    const current = snapshot({
      collections: [collection('articles'), collection('authors')],
      fields: [id('articles'), field('articles', 'author', 'integer'), id('authors')],
    });
    const alias = field('authors', 'articles', 'alias');
    const target = snapshot({ ...current, fields: [...current.fields, alias], relations: [relation] });
    expect(
      planApply(current, diffSnapshot(current, target)).map((s) => [
        s.action,
        s.collection,
        'field' in s ? s.field : null,
      ]),
    ).toEqual([
      ['create_relation', 'articles', 'author'],
      ['update_field', 'authors', 'articles'],
    ]);
  });

  it('creates the aliases of a new collection with it, in the order listed among its columns', () => {
    const relation = authorRelation({ one_field: 'articles' });
    const current = snapshot();
    const alias = field('authors', 'articles', 'alias');
    const name = field('authors', 'name');
    const target = snapshot({
      collections: [collection('articles'), collection('authors')],
      fields: [id('articles'), field('articles', 'author', 'integer'), id('authors'), alias, name],
      relations: [relation],
    });
    const plan = planApply(current, diffSnapshot(current, target));
    expect(plan.map((s) => s.action)).toEqual(['create_collection', 'create_collection', 'create_relation']);
    expect(plan[1]).toMatchObject({ collection: 'authors', fields: [id('authors'), alias, name] });
  });
});

describe(`${planApply.name} with array changes`, () => {
  it('applies deep-diff array records (kind A) onto the current entry', () => {
    const withSpecial = (special: string[]) => ({
      ...field('a', 'owner', 'uuid'),
      meta: { collection: 'a', field: 'owner', special, note: null },
    });
    const current = snapshot({ collections: [collection('a')], fields: [id('a'), withSpecial(['m2o'])] });
    const target = snapshot({
      collections: [collection('a')],
      fields: [id('a'), withSpecial(['m2o', 'user-created'])],
    });
    const diff = diffSnapshot(current, target);
    expect(diff.fields[0].diff).toEqual([
      { kind: 'A', path: ['meta', 'special'], index: 1, item: { kind: 'N', rhs: 'user-created' } },
    ]);
    expect(planApply(current, diff)).toEqual([
      { action: 'update_field', collection: 'a', field: 'owner', entry: withSpecial(['m2o', 'user-created']) },
    ]);
  });
});
