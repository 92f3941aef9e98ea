import { InvalidQueryError } from '../errors/errors';
import { parseJsonParam } from './parse-json-param';
import { parseQuery } from './parse-query';

/** `{"_and":[{"_and":[ ... {"id":{"_eq":1}} ... ]}]}`: two levels of nesting per `_and`. */
const nestedAnd = (levels: number): unknown => {
  let filter: unknown = { id: { _eq: 1 } };
  for (let i = 0; i < levels; i++) filter = { _and: [filter] };
  return filter;
};

describe(parseJsonParam.name, () => {
  it.each([
    ['{"a":{"_eq":1}}', { a: { _eq: 1 } }],
    [{ a: { _eq: '1' } }, { a: { _eq: '1' } }],
    [JSON.stringify(nestedAnd(48)), nestedAnd(48)],
  ])('accepts %j', (raw, expected) => expect(parseJsonParam(raw, 'filter')).toEqual(expected));

  it.each([['{"a":'], [JSON.stringify(nestedAnd(1000))], [nestedAnd(1000)], [nestedAnd(51)]])('refuses %#', (raw) =>
    expect(() => parseJsonParam(raw, 'filter')).toThrow(InvalidQueryError),
  );

  it.each([
    [{ filter: JSON.stringify(nestedAnd(1000)) }],
    [{ filter: nestedAnd(1000) }],
    [{ deep: JSON.stringify({ children: { _filter: nestedAnd(1000) } }) }],
    [{ alias: JSON.stringify(nestedAnd(1000)) }],
    [{ aggregate: nestedAnd(1000) }],
  ])('bounds every structured parameter of parseQuery: %#', (raw) =>
    expect(() => parseQuery(raw, { limitDefault: 100 })).toThrow(/nested deeper than/),
  );
});
