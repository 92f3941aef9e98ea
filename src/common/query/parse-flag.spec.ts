import { InvalidQueryError } from '../errors/errors';
import { parseFlag } from './parse-flag';

describe(parseFlag.name, () => {
  it.each([
    [undefined, false],
    ['', true],
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads %j as %j', (value, expected) => expect(parseFlag(value, 'force')).toBe(expected));

  it.each([['yes'], [['true', 'false']], ['TRUE ']])('refuses %j', (value) => {
    expect(() => parseFlag(value, 'force')).toThrow(InvalidQueryError);
  });
});
