import { foreignKeyName } from './foreign-key-name';

const junction = 'test_json_filter_gql_products_suppliers_gql_integer';

describe('foreignKeyName', () => {
  it.each([
    ['articles', 'author', 'articles_author_foreign'],
    ['a'.repeat(40), 'b'.repeat(14), `${'a'.repeat(40)}_${'b'.repeat(14)}_foreign`],
  ])('keeps %s.%s as <collection>_<field>_foreign while it fits', (collection, field, name) =>
    expect(foreignKeyName(collection, field)).toBe(name),
  );

  it.each([
    [junction, 'test_json_filter_gql_products_integer_id'],
    [junction, 'test_json_filter_gql_suppliers_integer_id'],
    ['é'.repeat(40), 'field'],
  ])('shortens %s.%s to 63 bytes at most', (collection, field) => {
    const name = foreignKeyName(collection, field);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
    expect(name).toBe(foreignKeyName(collection, field));
  });

  it('gives the two keys of a junction with long names two different names', () => {
    const a = foreignKeyName(junction, 'test_json_filter_gql_products_integer_id');
    const b = foreignKeyName(junction, 'test_json_filter_gql_suppliers_integer_id');
    expect(a.slice(0, 52)).toBe(b.slice(0, 52));
    expect(a).not.toBe(b);
  });
});
