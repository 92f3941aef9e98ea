import { valueText } from './value-text';

describe('valueText', () => {
  it.each<[string, unknown, string]>([
    ['a string as it is', 'abc', 'abc'],
    ['a number', 4.5, '4.5'],
    ['a big integer', 9007199254740993n, '9007199254740993'],
    ['a boolean', false, 'false'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['an array joined by commas, as String() does', ['a', 1], 'a,1'],
    ['a plain object as JSON', { a: 1 }, '{"a":1}'],
    ['a null-prototype object as JSON', Object.assign(Object.create(null) as object, { b: 2 }), '{"b":2}'],
  ])('renders %s', (_name, value, text) => {
    expect(valueText(value)).toBe(text);
  });

  it('renders a date as String() does', () => {
    const date = new Date(0);
    expect(valueText(date)).toBe(String(date));
  });
});
