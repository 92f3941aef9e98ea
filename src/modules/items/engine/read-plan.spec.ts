import { ForbiddenError, InvalidQueryError } from '../../../common/errors/errors';
import { type ColumnRef, type JsonRef, parseFieldRef } from '../../../common/query/field-ref';
import type { Query } from '../../../common/query/query.types';
import { planRead, ReadableFields, ReadNode } from './read-plan';
import { fakeOverview } from '../../schema/testing/fake-overview';
import { validateQuery } from './validate-query';

const all: ReadableFields = () => '*';
const limited: ReadableFields = (c) =>
  c === 'articles' ? new Set(['id', 'title', 'author']) : c === 'authors' ? '*' : null;

function outline(node: ReadNode): unknown {
  return {
    c: node.collection,
    cols: [
      ...node.columns.map((c) => (c.key === c.field ? c.key : `${c.key}:${c.field}`)),
      ...node.functions.map((f) => `${f.key}=${f.fn}(${f.field})`),
    ],
    rel: Object.fromEntries(node.relations.map((r) => [r.key, r.keysOnly ? 'keys' : outline(r.node)])),
  };
}

const aliasOf = (alias: Record<string, string>) =>
  Object.fromEntries(Object.entries(alias).map(([name, field]) => [name, parseFieldRef(field) as ColumnRef | JsonRef]));
const plan = (fields: string[], readable = all, alias: Record<string, string> = {}) =>
  outline(
    planRead(
      { overview: fakeOverview(), readable, maxDepth: 3 },
      'articles',
      fields.map(parseFieldRef),
      aliasOf(alias),
    ),
  );
const validate = (query: Query, readable: ReadableFields) =>
  validateQuery(fakeOverview(), readable, 'articles', query, (query.fields ?? []).map(parseFieldRef), 3);

describe(planRead.name, () => {
  it.each<[string[], ReadableFields, Record<string, string>, unknown]>([
    [['title'], all, {}, { c: 'articles', cols: ['title'], rel: {} }],
    [
      ['*'],
      all,
      {},
      { c: 'articles', cols: ['id', 'title', 'views', 'published', 'author', 'at', 'meta'], rel: { comments: 'keys' } },
    ],
    [
      ['title', 'author.name'],
      all,
      {},
      { c: 'articles', cols: ['title'], rel: { author: { c: 'authors', cols: ['name'], rel: {} } } },
    ],
    [
      ['comments.text'],
      all,
      {},
      { c: 'articles', cols: [], rel: { comments: { c: 'comments', cols: ['text'], rel: {} } } },
    ],
    [
      ['*.*'],
      all,
      {},
      {
        c: 'articles',
        cols: ['id', 'title', 'views', 'published', 'at', 'meta'],
        rel: {
          author: { c: 'authors', cols: ['id', 'name', 'profile'], rel: {} },
          comments: { c: 'comments', cols: ['id', 'text', 'article'], rel: {} },
        },
      },
    ],
    [['*'], limited, {}, { c: 'articles', cols: ['id', 'title', 'author'], rel: {} }],
    [['headline'], all, { headline: 'title' }, { c: 'articles', cols: ['headline:title'], rel: {} }],
    [
      ['title', 'year(at)', 'count(comments)'],
      all,
      {},
      { c: 'articles', cols: ['title', 'at_year=year(at)', 'comments_count=count(comments)'], rel: {} },
    ],
    [
      ['json(meta, a[0].b)', 'c'],
      all,
      { c: 'json(meta, x)' },
      { c: 'articles', cols: ['meta_a_0_b_json=json(meta)', 'c=json(meta)'], rel: {} },
    ],
    [
      ['json(author.profile, theme)', 'author.json(profile, size)'],
      all,
      {},
      {
        c: 'articles',
        cols: [],
        rel: {
          author: {
            c: 'authors',
            cols: ['profile_theme_json=json(profile)', 'profile_size_json=json(profile)'],
            rel: {},
          },
        },
      },
    ],
    [
      ['json(comments.text, x)'],
      all,
      {},
      { c: 'articles', cols: [], rel: { comments: { c: 'comments', cols: ['text_x_json=json(text)'], rel: {} } } },
    ],
  ])('%j', (fields, readable, alias, expected) => expect(plan(fields, readable, alias)).toEqual(expected));

  it.each<[string[], ReadableFields, unknown]>([
    [['nope'], all, ForbiddenError],
    [['views'], limited, ForbiddenError],
    [['comments.nope'], all, ForbiddenError],
    [['year(nope)'], all, ForbiddenError],
    [['year(views)'], limited, ForbiddenError],
    [['json(nope, x)'], all, ForbiddenError],
    [['json(meta, x)'], limited, ForbiddenError],
  ])('refuses %j', (fields, readable, error) => expect(() => plan(fields, readable)).toThrow(error as never));

  it('drops a dotted path through a relation the caller may not read, as through a field that does not exist', () => {
    const dropped = { c: 'articles', cols: [], rel: {} };
    expect({ hidden: plan(['comments.text'], limited), missing: plan(['nope.text'], limited) }).toEqual({
      hidden: dropped,
      missing: dropped,
    });
  });

  const titleOnly = { c: 'articles', cols: ['title'], rel: {} };
  it.each<[string[], ReadableFields, unknown]>([
    [['title', 'title.sub'], all, titleOnly],
    [['title', 'nope.id'], all, titleOnly],
    [['title', 'json(title.meta, x)'], all, titleOnly],
    [['title', 'views.x'], limited, titleOnly],
    [
      ['title', 'author.id.x.y'],
      all,
      { c: 'articles', cols: ['title'], rel: { author: { c: 'authors', cols: [], rel: {} } } },
    ],
  ])(
    'ignores the dotted path through a field that is no relation in %j, as the reference does',
    (fields, readable, expected) => expect(plan(fields, readable)).toEqual(expected),
  );

  it('refuses an alias of json() on a field the caller may not read', () =>
    expect(() => plan(['c'], limited, { c: 'json(meta, x)' })).toThrow(ForbiddenError));
});

describe(`${planRead.name} of many-to-any fields`, () => {
  const shapes = (fields: string[], readable = all) =>
    outline(planRead({ overview: fakeOverview(), readable, maxDepth: 3 }, 'shapes', fields.map(parseFieldRef)));
  it('reads item:<collection> as a many-to-one of that collection under the key item', () => {
    expect(shapes(['children.collection', 'children.item:circles.radius', 'children.item:squares.*'])).toEqual({
      c: 'shapes',
      cols: [],
      rel: {
        children: {
          c: 'shapes_children',
          cols: ['collection'],
          rel: { item: { c: 'squares', cols: ['id', 'width'], rel: {} } },
        },
      },
    });
    const node = planRead({ overview: fakeOverview(), readable: all, maxDepth: 3 }, 'shapes', [
      parseFieldRef('children.item:circles.radius'),
      parseFieldRef('children.item:squares.width'),
    ]);
    expect(node.relations[0].node.relations.map((r) => [r.key, r.link.related, r.link.collectionField])).toEqual([
      ['item', 'circles', 'collection'],
      ['item', 'squares', 'collection'],
    ]);
  });
  it('reads the raw key for a wildcard or a bare item:<collection>', () => {
    expect(shapes(['children.*'])).toEqual({
      c: 'shapes',
      cols: [],
      rel: { children: { c: 'shapes_children', cols: ['id', 'shapes_id', 'item', 'collection'], rel: {} } },
    });
    expect(shapes(['children.item:circles'])).toEqual({
      c: 'shapes',
      cols: [],
      rel: { children: { c: 'shapes_children', cols: ['item'], rel: {} } },
    });
  });
  it('expands item for every allowed collection under a wildcard or an unscoped path, other rows answering null', () => {
    for (const fields of [['children.*.*'], ['children.item.*']]) {
      const node = planRead(
        { overview: fakeOverview(), readable: all, maxDepth: 3 },
        'shapes',
        fields.map(parseFieldRef),
      );
      const items = node.relations[0].node.relations.filter((r) => r.key === 'item');
      expect(items.map((r) => [r.key, r.node.collection, r.node.columns.map((c) => c.key), r.othersNull])).toEqual([
        ['item', 'circles', ['id', 'radius'], true],
        ['item', 'squares', ['id', 'width'], true],
      ]);
    }
  });
  it.each<[string, ReadableFields, unknown]>([
    ['only the collections the caller may read', (c) => (c === 'squares' ? null : '*'), ['circles']],
    [
      'the key when the caller may not read the collection field',
      (c) => (c === 'shapes_children' ? new Set(['id', 'item']) : '*'),
      [],
    ],
  ])('expands a wildcard to %s', (_, readable, expected) => {
    const node = planRead({ overview: fakeOverview(), readable, maxDepth: 3 }, 'shapes', [parseFieldRef('*.*.*')]);
    const junction = node.relations[0].node;
    expect(junction.relations.filter((r) => r.key === 'item').map((r) => r.node.collection)).toEqual(expected);
    expect(junction.columns.some((c) => c.key === 'item')).toBe((expected as string[]).length === 0);
  });
  it.each<[string[], ReadableFields, unknown]>([
    [['children.item:authors.name'], all, InvalidQueryError],
    [['children.item.radius'], (c) => (c === 'shapes_children' ? new Set(['id', 'item']) : '*'), ForbiddenError],
    [['children.shapes_id:shapes.name'], all, InvalidQueryError],
    [['children.item:circles.radius'], (c) => (c === 'circles' ? null : '*'), ForbiddenError],
    [
      ['children.item:circles.radius'],
      (c) => (c === 'shapes_children' ? new Set(['id', 'item']) : '*'),
      ForbiddenError,
    ],
  ])('refuses %j', (fields, readable, error) => expect(() => shapes(fields, readable)).toThrow(error as never));
});

describe(validateQuery.name, () => {
  it.each<[Query, ReadableFields, unknown]>([
    [{ sort: [{ field: parseFieldRef('nope'), order: 'ASC' }] }, all, InvalidQueryError],
    [{ sort: [{ field: parseFieldRef('comments.nope'), order: 'ASC' }] }, all, InvalidQueryError],
    [{ sort: [{ field: parseFieldRef('views'), order: 'ASC' }] }, limited, ForbiddenError],
    [{ filter: { views: { _eq: 1 } } }, limited, ForbiddenError],
    [{ filter: { author: { nope: { _eq: 1 } } } }, all, InvalidQueryError],
    [{ groupBy: ['nope'].map(parseFieldRef) }, all, InvalidQueryError],
    [{ aggregate: { sum: ['nope'] } }, all, InvalidQueryError],
    [{ deep: { title: { limit: 1 } } }, all, InvalidQueryError],
    [{ deep: { comments: { filter: { nope: { _eq: 1 } } } } }, all, InvalidQueryError],
    [{ deep: { comments: { sort: [{ field: parseFieldRef('nope'), order: 'ASC' }] } } }, all, InvalidQueryError],
    [{ sort: [{ field: parseFieldRef('json(nope, x)'), order: 'ASC' }] }, all, InvalidQueryError],
    [{ sort: [{ field: parseFieldRef('json(author.name, x)'), order: 'ASC' }] }, all, InvalidQueryError],
    [{ sort: [{ field: parseFieldRef('json(meta, x)'), order: 'ASC' }] }, limited, ForbiddenError],
    [{ sort: [{ field: parseFieldRef('year(nope)'), order: 'ASC' }] }, all, InvalidQueryError],
    [{ sort: [{ field: parseFieldRef('author.year(nope)'), order: 'ASC' }] }, all, InvalidQueryError],
    [{ sort: [{ field: parseFieldRef('year(views)'), order: 'ASC' }] }, limited, ForbiddenError],
  ])('refuses %j', (query, readable, error) => expect(() => validate(query, readable)).toThrow(error as never));

  it.each<[Query]>([
    [
      {
        sort: [{ field: parseFieldRef('author.name'), order: 'DESC' }],
        filter: { comments: { _some: { text: { _eq: 'x' } } } },
      },
    ],
    [{ sort: [{ field: parseFieldRef('comments.text'), order: 'ASC' }] }],
    [{ sort: [{ field: parseFieldRef('json(meta, a.b[0])'), order: 'DESC' }] }],
    [
      {
        sort: [
          { field: parseFieldRef('year(at)'), order: 'DESC' },
          { field: parseFieldRef('count(comments)'), order: 'ASC' },
          { field: parseFieldRef('comments.article.month(at)'), order: 'ASC' },
        ],
      },
    ],
    [
      {
        aggregate: { count: ['*'], sum: ['views'] },
        groupBy: ['published'].map(parseFieldRef),
        sort: [{ field: parseFieldRef('sum.views'), order: 'ASC' }],
      },
    ],
    [
      {
        deep: { comments: { filter: { text: { _eq: 'x' } }, sort: [{ field: parseFieldRef('text'), order: 'DESC' }] } },
      },
    ],
  ])('accepts %j', (query) => expect(() => validate(query, all)).not.toThrow());
});
