import { type ColumnRef, type JsonRef, parseFieldRef } from '../../../common/query/field-ref';
import { fieldDepth } from './field-depth';

const aliasOf = (alias: Record<string, string>) =>
  Object.fromEntries(Object.entries(alias).map(([name, field]) => [name, parseFieldRef(field) as ColumnRef | JsonRef]));

describe(fieldDepth.name, () => {
  it.each([
    ['title', {}, 1],
    ['*.*.*', {}, 3],
    ['children.item:circles.radius', {}, 3],
    ['json(metadata, a.b.c.d.e)', {}, 1],
    ['json(category.metadata, a.b)', {}, 2],
    ['json(a.b.c.d.e.f, key)', {}, 6],
    ['a.b.c.d.json(e.metadata, key)', {}, 6],
    ['json(children.item:circles.metadata, color)', {}, 3],
    ['c', { c: 'json(category.metadata, color)' }, 2],
    ['writer.name', { writer: 'author' }, 2],
  ] as const)('counts %j (alias %j) as %i', (entry, alias, expected) =>
    expect(fieldDepth(parseFieldRef(entry), aliasOf(alias))).toBe(expected),
  );
});
