import { itemsNames, pascalCase } from './items-names';

describe(pascalCase.name, () => {
  it.each([
    ['articles', 'Articles'],
    ['blog_posts', 'BlogPosts'],
    ['blog-posts', 'BlogPosts'],
    ['blogPosts', 'BlogPosts'],
    ['shapes_children', 'ShapesChildren'],
    ['a1_b2', 'A1B2'],
    ['2024_news', '2024News'],
    ['___', 'Collection'],
  ])('%s → %s', (name, expected) => expect(pascalCase(name)).toBe(expected));
});

describe(itemsNames.name, () => {
  it('names the tag, schema and operations of each collection in the SDK vocabulary', () => {
    const articles = itemsNames(['articles'], new Set(), new Set()).get('articles')!;
    expect(articles.name).toBe('ItemsArticles');
    expect(articles.operationIds).toEqual({
      readItems: 'readItemsArticles',
      createItem: 'createItemArticles',
      updateItems: 'updateItemsArticles',
      deleteItems: 'deleteItemsArticles',
      readItem: 'readItemArticles',
      updateItem: 'updateItemArticles',
      deleteItem: 'deleteItemArticles',
      readSingleton: 'readSingletonArticles',
      updateSingleton: 'updateSingletonArticles',
    });
  });

  it.each<[string, string[], string[], string[], string[]]>([
    [
      'names that differ only in punctuation',
      ['my_posts', 'my-posts', 'myPosts'],
      [],
      [],
      ['ItemsMyPosts', 'ItemsMyPosts2', 'ItemsMyPosts3'],
    ],
    ['a schema or tag the base document has', ['items'], ['ItemsItems'], [], ['ItemsItems2']],
    ['an operation id the base document has', ['files'], [], ['readItemFiles'], ['ItemsFiles2']],
  ])('keeps every name unique against %s', (_case, collections, names, operationIds, expected) => {
    const result = itemsNames(collections, new Set(names), new Set(operationIds));
    expect([...collections].sort().map((c) => result.get(c)!.name)).toEqual(expected);
    const ids = [...result.values()].flatMap((n) => Object.values(n.operationIds));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => operationIds.includes(id))).toEqual([]);
  });

  it('gives each collection the same names whatever order the schema lists them in', () => {
    const a = itemsNames(['b_x', 'b-x'], new Set(), new Set());
    const b = itemsNames(['b-x', 'b_x'], new Set(), new Set());
    expect(a).toEqual(b);
  });
});
