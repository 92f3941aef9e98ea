import { gzipSync } from 'node:zlib';
import { ContentTooLargeError, InvalidPayloadError } from '../errors/errors';
import { jsonShapeProblem, parseJsonBody } from './json-body';

const nested = (depth: number, wrap: (inner: unknown) => unknown) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};

describe(jsonShapeProblem.name, () => {
  const deep = { tooDeep: true };
  it.each([
    [undefined, 0, null],
    ['text', 0, null],
    [{}, 1, null],
    [{}, 0, deep],
    [{ a: [1, { b: 2 }] }, 3, null],
    [{ a: [1, { b: 2 }] }, 2, deep],
    [{ a: [1, { b: {} }] }, 3, deep],
    [[[], [[]], []], 3, null],
    [nested(100, (v) => ({ _and: [v] })), 200, null],
    [nested(101, (v) => ({ _and: [v] })), 200, deep],
    [JSON.parse('{"a":[{"__proto__":{"z":1}}]}'), 100, { prototypeKey: '__proto__' }],
    [{ a: { constructor: { prototype: 1 } } }, 100, { prototypeKey: 'constructor' }],
    [[{ prototype: 1 }], 100, { prototypeKey: 'prototype' }],
    [{ title: 'constructor', tags: ['prototype', '__proto__'] }, 100, null],
  ])('%j within %i levels: %j', (value, max, expected) => expect(jsonShapeProblem(value, max)).toEqual(expected));

  it('measures depths that would overflow a recursive walk', () => {
    expect(
      jsonShapeProblem(
        nested(200_000, (v) => [v]),
        100,
      ),
    ).toEqual(deep);
  });
});

describe(parseJsonBody.name, () => {
  const LIMIT = 1024;

  it.each([
    ['{"a":1}', undefined, { a: 1 }],
    ['[1,2]', undefined, [1, 2]],
    ['  \n', undefined, {}],
    ['', undefined, {}],
    ['\uFEFF{"bom":true}', undefined, { bom: true }],
    ['{"a":1}', 'identity', { a: 1 }],
  ])('%j (encoding %s) parses to %j', (text, encoding, expected) =>
    expect(parseJsonBody(Buffer.from(text), encoding, LIMIT)).toEqual(expected),
  );

  it('undoes gzip', () => expect(parseJsonBody(gzipSync('{"z":[1]}'), 'gzip', LIMIT)).toEqual({ z: [1] }));

  it.each([
    ['{"email": ', undefined, 'not valid JSON'],
    ['null', undefined, 'not valid JSON'],
    ['"just a string"', undefined, 'not valid JSON'],
    ['12345678901234567890', undefined, 'not valid JSON'],
    ['{"a":1}', 'gzip', "can't be decoded"],
    ['{"a":1}', 'x-unknown', 'Unsupported content encoding'],
    [`{"a":${'['.repeat(101)}${']'.repeat(101)}}`, undefined, 'nested deeper than 100 levels'],
    ['{"a":[{"__proto__":{"z":1}}]}', undefined, 'may not use "__proto__" as a key'],
    ['{"constructor":{"prototype":{"z":1}}}', undefined, 'may not use "constructor" as a key'],
    ['[{"prototype":1}]', undefined, 'may not use "prototype" as a key'],
  ])('%j (encoding %s) is INVALID_PAYLOAD: %s', (text, encoding, message) => {
    expect(() => parseJsonBody(Buffer.from(text), encoding, LIMIT)).toThrow(InvalidPayloadError);
    expect(() => parseJsonBody(Buffer.from(text), encoding, LIMIT)).toThrow(message);
  });

  it('refuses a compressed body that inflates past the limit as CONTENT_TOO_LARGE', () => {
    const inflating = gzipSync(`{"a":"${'x'.repeat(5000)}"}`);
    expect(() => parseJsonBody(inflating, 'gzip', LIMIT)).toThrow(ContentTooLargeError);
    expect(() => parseJsonBody(inflating, 'gzip', LIMIT)).toThrow('larger than the allowed size');
  });
});
