/** The reference SDK's verbs, one per operation a collection's paths can carry. */
export const ITEM_OPERATIONS = {
  readItems: 'readItems',
  createItem: 'createItem',
  updateItems: 'updateItems',
  deleteItems: 'deleteItems',
  readItem: 'readItem',
  updateItem: 'updateItem',
  deleteItem: 'deleteItem',
  readSingleton: 'readSingleton',
  updateSingleton: 'updateSingleton',
} as const;

export type ItemOperation = keyof typeof ITEM_OPERATIONS;

/** `blog_posts`, `blog-posts`, `blogPosts` → `BlogPosts`: the words of a name, each capitalised. */
export function pascalCase(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((word) => word[0].toUpperCase() + word.slice(1)).join('') || 'Collection';
}

export interface ItemsName {
  /** Tag and item schema: `ItemsArticles`. */
  name: string;
  /** Operation ids: `readItemsArticles`, `createItemArticles`, ... */
  operationIds: Record<ItemOperation, string>;
}

function namesFor(suffix: string): ItemsName {
  const operationIds = Object.fromEntries(Object.keys(ITEM_OPERATIONS).map((op) => [op, `${op}${suffix}`])) as Record<
    ItemOperation,
    string
  >;
  return { name: `Items${suffix}`, operationIds };
}

/**
 * A tag, schema and operation-id family per collection, as the reference platform names them
 * (`Items` + the collection's title without spaces). Two collections whose names differ only in
 * punctuation (`my_posts`, `my-posts`) would collide, and so could a name the base document already
 * uses: a number is appended until nothing clashes, so every name and operation id stays unique.
 */
export function itemsNames(
  collections: readonly string[],
  takenNames: ReadonlySet<string>,
  takenOperationIds: ReadonlySet<string>,
): Map<string, ItemsName> {
  const names = new Set(takenNames);
  const operationIds = new Set(takenOperationIds);
  const result = new Map<string, ItemsName>();
  for (const collection of [...collections].sort()) {
    const base = pascalCase(collection);
    let candidate = namesFor(base);
    for (
      let n = 2;
      names.has(candidate.name) || Object.values(candidate.operationIds).some((id) => operationIds.has(id));
      n++
    )
      candidate = namesFor(`${base}${n}`);
    names.add(candidate.name);
    for (const id of Object.values(candidate.operationIds)) operationIds.add(id);
    result.set(collection, candidate);
  }
  return result;
}
