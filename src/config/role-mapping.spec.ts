import { mappedRole, parseRoleMapping } from './role-mapping';

describe(parseRoleMapping.name, () => {
  it('reads the pairs in order, with or without the json: prefix', () => {
    expect(parseRoleMapping('{"dev":"r1","admin":"r2"}')).toEqual([['dev', 'r1'], ['admin', 'r2']]);
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
