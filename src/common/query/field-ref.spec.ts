import { InvalidQueryError } from '../errors/errors';
import { type FieldRef, fieldRefText, parseFieldRef, parseFunction, refPath } from './field-ref';
import { col, fn, json, rel } from './testing/field-refs';

describe(parseFieldRef.name, () => {
  it.each<[string, FieldRef]>([
    ['title', col('title')],
    ['*', { kind: 'wildcard' }],
    ['author.name', rel('author', col('name'))],
    ['*.*', rel('*', { kind: 'wildcard' })],
    ['children.item:circles.radius', rel('children', rel('item:circles', col('radius')))],
    ['year(date)', fn('year', 'date')],
    ['count(comments)', fn('count', 'comments')],
    ['country_id.year(date)', rel('country_id', fn('year', 'date'))],
    [
      'json(metadata, items[0].name)',
      json('metadata', 'items[0].name', ['items', 0, 'name'], 'metadata_items_0_name_json'),
    ],
    ['json(author.profile, a)', json('author.profile', 'a', ['a'], 'author_profile_a_json')],
    ['author.json(profile, theme)', rel('author', json('profile', 'theme', ['theme'], 'profile_theme_json'))],
    // Only the last segment is read as a call; before it, a function names no relation and is a field name.
    ['year(date).id', rel('year(date)', col('id'))],
    ['year(a)(b)', col('year(a)(b)')],
  ])('parses %j', (text, expected) => expect(parseFieldRef(text)).toEqual(expected));

  it.each(['json(metadata)', 'json(metadata, $.x)', 'author.json(profile, a..b)', 'json(a b, c)'])(
    'rejects the malformed call %j',
    (text) => expect(() => parseFieldRef(text)).toThrow(InvalidQueryError),
  );
});

describe(fieldRefText.name, () => {
  it.each([
    'title',
    '*.*',
    'author.name',
    'children.item:circles.month(at)',
    'json(metadata, items[0].name)',
    'a.json(b.meta, x.y)',
  ])('writes %j back as it was', (text) => expect(fieldRefText(parseFieldRef(text))).toBe(text));

  it('writes a json() call with one space after its comma', () =>
    expect(fieldRefText(parseFieldRef('json(meta,a)'))).toBe('json(meta, a)'));
});

describe(refPath.name, () => {
  it.each<[string, string[], FieldRef]>([
    ['title', [], col('title')],
    ['a.b.year(c)', ['a', 'b'], fn('year', 'c')],
    ['sum.views', ['sum'], col('views')],
  ])('splits %j', (text, hops, end) => expect(refPath(parseFieldRef(text))).toEqual({ hops, end }));
});

describe(parseFunction.name, () => {
  it.each([
    ['year(date_created)', fn('year', 'date_created')],
    ['count(my-field)', fn('count', 'my-field')],
    ['title', null],
    ['json(meta, a)', null],
    ['year()', null],
    ['year(a.b)', null],
  ])('reads %j', (text, expected) => expect(parseFunction(text)).toEqual(expected));
});
