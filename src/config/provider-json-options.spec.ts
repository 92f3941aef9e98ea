import { mappedRole, parseAuthParams, parseRoleMapping } from './provider-json-options';

describe(parseRoleMapping.name, () => {
  it('reads the pairs in order, with or without the json: prefix', () => {
    expect(parseRoleMapping('{"dev":"r1","admin":"r2"}')).toEqual([
      ['dev', 'r1'],
      ['admin', 'r2'],
    ]);
    expect(parseRoleMapping('json:{"__proto__":"r3"}')).toEqual([['__proto__', 'r3']]);
  });

  it.each(['', '{', '[]', '"x"', 'null', '{"a":1}', '{"a":""}'])('refuses %j', (text) => {
    expect(() => parseRoleMapping(text)).toThrow();
  });
});

describe(mappedRole.name, () => {
  const mapping = parseRoleMapping('{"dev":"r1","admin":"r2"}');
  it.each([
    [['admin', 'dev'], 'r1'],
    [['admin'], 'r2'],
    [['other'], null],
    ['dev', null],
    [undefined, null],
  ])('%j → %j', (groups, role) => {
    expect(mappedRole(mapping, groups)).toBe(role);
  });
});

describe(parseAuthParams.name, () => {
  it('reads strings as they are and other values as JSON text', () => {
    expect({ ...parseAuthParams('json:{"response_mode":"form_post","claims":{"id_token":{"email":null}}}') }).toEqual({
      response_mode: 'form_post',
      claims: '{"id_token":{"email":null}}',
    });
  });

  it.each(['x', '[]', '1'])('refuses %j', (text) => {
    expect(() => parseAuthParams(text)).toThrow('must be a JSON object of parameter names to values');
  });
});
