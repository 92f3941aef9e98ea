import { deepJsonText } from './deep-json';

describe(deepJsonText.name, () => {
  const when = new Date('2026-01-02T03:04:05.000Z');
  it.each([
    [{ a: 1, b: 'x', c: null, d: true }],
    [[1, 'two', null, [], {}]],
    [{ nested: { list: [{ k: [1, [2, [3]]] }], empty: {} }, date: when }],
    [{ skipped: undefined, kept: [undefined, 1] }],
    ['"quoted"\n'],
    [42],
    [{ 'odd "key"': { '': [true, false] } }],
  ])('writes %j as JSON.stringify does, compact and indented', (value) => {
    expect(deepJsonText(value)).toBe(JSON.stringify(value));
    expect(deepJsonText(value, '\t')).toBe(JSON.stringify(value, null, '\t'));
  });

  it('writes bigints as text and Buffers as base64', () => {
    expect(deepJsonText({ n: 12n, b: Buffer.from('hi') })).toBe('{"n":"12","b":"aGk="}');
  });

  it('writes members past indentDepth compact', () => {
    expect(deepJsonText({ a: { b: { c: [1] } } }, '  ', 1)).toBe('{\n  "a": {"b":{"c":[1]}}\n}');
  });

  it('writes a value nested far past the call stack', () => {
    const levels = 200_000;
    const text = '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    expect(() => JSON.stringify(JSON.parse(text))).toThrow(RangeError);
    expect(deepJsonText(JSON.parse(text))).toBe(text);
  });
});
