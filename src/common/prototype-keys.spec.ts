import {
  isPrototypeKey,
  jsonTextMayHoldPrototypeKey,
  prototypeKeyIn,
  prototypeSegment,
  refusePrototypeKeys,
} from './prototype-keys';

describe(prototypeKeyIn.name, () => {
  it.each([
    ['{"__proto__":{"z":1}}', '__proto__'],
    ['{"constructor":{"prototype":{"z":1}}}', 'constructor'],
    ['{"prototype":{"z":1}}', 'prototype'],
    ['{"a":[1,{"b":{"__proto__":null}}]}', '__proto__'],
    ['[[{"x":{"constructor":1}}]]', 'constructor'],
    ['{"title":"__proto__","tags":["constructor","prototype"]}', null],
    ['{"a":{"b":{"c":[]}},"proto":1,"_constructor":2,"Prototype":3}', null],
    ['"__proto__"', null],
    ['null', null],
  ])('finds the prototype key in %s: %j', (json, expected) => expect(prototypeKeyIn(JSON.parse(json))).toBe(expected));

  it('reads objects without a prototype and skips binary data', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.__proto__ = 'x';
    expect(prototypeKeyIn({ list: [bare] })).toBe('__proto__');
    expect(prototypeKeyIn({ data: Buffer.from('constructor') })).toBeNull();
  });

  it('measures a value nested deeper than the stack allows', () => {
    let deep: unknown = JSON.parse('{"__proto__":1}');
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    expect(prototypeKeyIn(deep)).toBe('__proto__');
  });
});

describe(prototypeSegment.name, () => {
  it.each([
    [['meta', '__proto__', 'z'], '__proto__'],
    [['meta', 'constructor', 'prototype', 'z'], 'constructor'],
    [['owner', 'prototype'], 'prototype'],
    [['meta', 'note'], null],
    [['fields', 0, 'meta'], null],
    [[], null],
  ])('%j → %j', (path, expected) => expect(prototypeSegment(path)).toBe(expected));
});

describe(jsonTextMayHoldPrototypeKey.name, () => {
  it.each([
    ['{"__proto__":1}', true],
    ['{"a":{"constructor":1}}', true],
    ['{"title":"a prototype"}', true],
    ['{"\\u005f_proto__":1}', true],
    ['{"title":"plain","n":[1,2]}', false],
    ['{"proto":"construct","type":"proto"}', false],
  ])('%s → %j', (text, expected) => expect(jsonTextMayHoldPrototypeKey(text)).toBe(expected));

  it('never misses a text whose parsed value holds a prototype key', () => {
    const text = '{"a":[{"\\u0063onstructor":1}]}';
    expect(prototypeKeyIn(JSON.parse(text))).toBe('constructor');
    expect(jsonTextMayHoldPrototypeKey(text)).toBe(true);
  });
});

describe(isPrototypeKey.name, () => {
  it.each([
    ['__proto__', true],
    ['constructor', true],
    ['prototype', true],
    ['__proto', false],
    ['toString', false],
    [1, false],
  ])('%j → %j', (key, expected) => expect(isPrototypeKey(key)).toBe(expected));
});

describe(refusePrototypeKeys.name, () => {
  const fail = (reason: string) => new Error(reason);
  it('throws the caller’s error naming the key and the place', () =>
    expect(() => refusePrototypeKeys(JSON.parse('{"a":{"prototype":1}}'), 'The body', fail)).toThrow(
      'The body may not use "prototype" as a key',
    ));
  it('lets other values through', () =>
    expect(() => refusePrototypeKeys({ a: { b: 'prototype' } }, 'The body', fail)).not.toThrow());
});
