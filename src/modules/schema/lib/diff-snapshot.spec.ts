import { diffSnapshot, isEmptyDiff } from './diff-snapshot';
import { collection, field, snapshot } from './schema-fixtures';

const articles = collection('articles');
const id = field('articles', 'id', 'integer', { has_auto_increment: true, is_primary_key: true, data_type: 'integer' });
const title = field('articles', 'title');
const base = snapshot({ collections: [articles], fields: [id, title] });

describe(diffSnapshot.name, () => {
  it('finds nothing between a snapshot and itself', () => {
    expect(isEmptyDiff(diffSnapshot(base, structuredClone(base)))).toBe(true);
  });

  it('records a new collection and its fields as whole-entity N records', () => {
    const target = snapshot({
      collections: [articles, collection('tags')],
      fields: [id, title, field('tags', 'name')],
    });
    const diff = diffSnapshot(base, target);
    expect(diff.collections).toEqual([{ collection: 'tags', diff: [{ kind: 'N', rhs: collection('tags') }] }]);
    expect(diff.fields).toEqual([
      { collection: 'tags', field: 'name', diff: [{ kind: 'N', rhs: field('tags', 'name') }] },
    ]);
  });

  it('records a deleted collection without listing its fields', () => {
    const diff = diffSnapshot(base, snapshot());
    expect(diff.collections).toEqual([{ collection: 'articles', diff: [{ kind: 'D', lhs: articles }] }]);
    expect(diff.fields).toEqual([]);
  });

  it('records edits with paths', () => {
    const target = snapshot({
      collections: [collection('articles', { note: 'Stories' })],
      fields: [id, { ...title, schema: { ...title.schema, is_nullable: false } }],
    });
    const diff = diffSnapshot(base, target);
    expect(diff.collections[0].diff).toEqual([{ kind: 'E', path: ['meta', 'note'], lhs: null, rhs: 'Stories' }]);
    expect(diff.fields[0]).toEqual({
      collection: 'articles',
      field: 'title',
      diff: [{ kind: 'E', path: ['schema', 'is_nullable'], lhs: true, rhs: false }],
    });
  });

  it('ignores how each vendor spells the same column', () => {
    const target = snapshot({
      vendor: 'postgres',
      collections: [articles],
      fields: [
        { ...id, schema: { ...id.schema, data_type: 'integer', numeric_precision: 32 } },
        { ...title, schema: { ...title.schema, data_type: 'character varying' } },
      ],
    });
    expect(isEmptyDiff(diffSnapshot(base, target))).toBe(true);
  });

  it('ignores the length a vendor reports for a uuid', () => {
    const key = (maxLength: number | null) =>
      field('articles', 'ref', 'uuid', { data_type: maxLength ? 'char' : 'uuid', max_length: maxLength });
    const mysql = snapshot({ collections: [articles], fields: [id, key(36)] });
    expect(
      isEmptyDiff(
        diffSnapshot(mysql, snapshot({ vendor: 'postgres', collections: [articles], fields: [id, key(null)] })),
      ),
    ).toBe(true);
  });

  it('still sees a changed string length', () => {
    const target = snapshot({
      collections: [articles],
      fields: [id, field('articles', 'title', 'string', { max_length: 20 })],
    });
    expect(
      diffSnapshot(
        snapshot({ collections: [articles], fields: [id, field('articles', 'title', 'string', { max_length: 255 })] }),
        target,
      ).fields,
    ).toHaveLength(1);
  });

  it.each([
    ['a length left out (an older MariaDB snapshot) is the default length', null, 255, true],
    ['a length left out is still not another length', null, 100, false],
  ])('%s', (_label, before, after, same) => {
    const title = (maxLength: number | null) =>
      snapshot({
        collections: [articles],
        fields: [id, field('articles', 'title', 'string', { max_length: maxLength })],
      });
    expect(isEmptyDiff(diffSnapshot(title(before), title(after)))).toBe(same);
  });

  it('turns a column into an alias by deleting and creating it', () => {
    const target = snapshot({ collections: [articles], fields: [id, field('articles', 'title', 'alias')] });
    expect(diffSnapshot(base, target).fields.map((f) => f.diff[0].kind)).toEqual(['D', 'N']);
  });

  it('leaves whole-entity deletions out in merge mode', () => {
    const diff = diffSnapshot(
      base,
      snapshot({ collections: [collection('tags')], fields: [field('tags', 'name')] }),
      'merge',
    );
    expect(diff.collections.map((c) => [c.collection, c.diff[0].kind])).toEqual([['tags', 'N']]);
    expect(diff.fields.map((f) => f.field)).toEqual(['name']);
  });

  it('drops the relation of a field that is deleted', () => {
    const author = field('articles', 'author', 'integer');
    const relation = { collection: 'articles', field: 'author', related_collection: 'users', meta: null, schema: null };
    const current = snapshot({ collections: [articles], fields: [id, title, author], relations: [relation] });
    const diff = diffSnapshot(current, base);
    expect(diff.fields.map((f) => f.field)).toEqual(['author']);
    expect(diff.relations).toEqual([]);
  });

  it('flips the index of a system field missing from the target', () => {
    const indexed = { collection: 'svc_activity', field: 'timestamp', schema: { is_indexed: true } };
    const diff = diffSnapshot(snapshot({ systemFields: [indexed] }), snapshot());
    expect(diff.systemFields).toEqual([
      {
        collection: 'svc_activity',
        field: 'timestamp',
        diff: [{ kind: 'E', path: ['schema', 'is_indexed'], lhs: true, rhs: false }],
      },
    ]);
  });

  it('lists dropped system indexes by collection, then field, as the snapshot orders them', () => {
    const indexed = (collection: string, field: string) => ({ collection, field, schema: { is_indexed: true } });
    const current = [
      indexed('svc_users', 'token'),
      indexed('svc_activity', 'timestamp'),
      indexed('svc_users', 'email'),
      indexed('svc_activity', 'collection'),
    ];
    const diff = diffSnapshot(snapshot({ systemFields: current }), snapshot());
    expect(diff.systemFields.map((f) => `${f.collection}.${f.field}`)).toEqual([
      'svc_activity.collection',
      'svc_activity.timestamp',
      'svc_users.email',
      'svc_users.token',
    ]);
  });
});
