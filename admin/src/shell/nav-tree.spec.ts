import { NavCollection, NavNode, navTree } from './nav-tree';

const c = (collection: string, meta: NavCollection['meta'] = {}, schema: unknown = {}): NavCollection => ({
  collection,
  meta,
  schema,
});
/** The tree as nested names, `name/` for a folder. */
const names = (nodes: NavNode[]): unknown[] =>
  nodes.map((n) =>
    n.children.length
      ? { [n.entry.collection + (n.folder ? '/' : '')]: names(n.children) }
      : n.entry.collection + (n.folder ? '/' : ''),
  );

describe('navTree', () => {
  it.each<[string, NavCollection[], string[], unknown[]]>([
    [
      'sorts by meta.sort, then by name',
      [c('b', { sort: 2 }), c('c'), c('a', { sort: 2 }), c('z', { sort: 1 })],
      [],
      ['z', 'a', 'b', 'c'],
    ],
    [
      'groups under meta.group',
      [c('blog', {}, null), c('posts', { group: 'blog', sort: 2 }), c('tags', { group: 'blog', sort: 1 }), c('pages')],
      [],
      [{ 'blog/': ['tags', 'posts'] }, 'pages'],
    ],
    [
      'nests groups',
      [c('a', {}, null), c('b', { group: 'a' }, null), c('x', { group: 'b' })],
      [],
      [{ 'a/': [{ 'b/': ['x'] }] }],
    ],
    [
      'leaves out hidden collections and what they group',
      [c('secret', { hidden: true }), c('inside', { group: 'secret' }), c('open')],
      [],
      ['open'],
    ],
    ['leaves out junctions', [c('posts'), c('posts_tags'), c('tags')], ['posts_tags'], ['posts', 'tags']],
    ['puts a collection grouped under a missing one at the top', [c('orphan', { group: 'gone' })], [], ['orphan']],
    [
      'puts collections grouped in a cycle at the top',
      [c('a', { group: 'b' }), c('b', { group: 'a' })],
      [],
      ['a', 'b'],
    ],
    ['reads a null meta as a plain collection', [{ collection: 'plain', meta: null, schema: {} }], [], ['plain']],
  ])('%s', (_, collections, junctions, expected) => {
    expect(names(navTree(collections, new Set(junctions)))).toEqual(expected);
  });
});
