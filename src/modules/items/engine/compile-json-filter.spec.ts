import { dialectFor } from '../../../database/dialects/dialect-for';
import { comparesNumbers } from './compile-json-filter';

describe(comparesNumbers.name, () => {
  it.each<[string, unknown, boolean]>([
    ['_eq', 5, true],
    ['_eq', '5', false],
    ['_eq', true, false],
    ['_eq', null, false],
    ['_gt', 2.5, true],
    ['_in', [1, 2], true],
    ['_in', [1, '2'], false],
    ['_between', [2, 5], true],
    ['_nbetween', ['a', 'b'], false],
    ['_contains', 5, false],
    ['_null', true, false],
  ])('%s %j → %s', (operator, value, expected) => expect(comparesNumbers(operator, value)).toBe(expected));
});

describe('jsonScalar as a number', () => {
  const bind = (v: unknown) => `[${JSON.stringify(v)}]`;
  it.each([
    [
      'sqlite',
      `CASE WHEN json_valid(c) THEN CASE WHEN json_type(c, ["$.\\"n\\""]) IN ('integer', 'real') THEN json_extract(c, ["$.\\"n\\""]) END END`,
    ],
    [
      'mysql',
      `CASE WHEN JSON_TYPE(CASE WHEN JSON_VALID(c) THEN JSON_EXTRACT(c, ["$.\\"n\\""]) END) IN ('INTEGER', 'UNSIGNED INTEGER', 'DOUBLE', 'DECIMAL') THEN CAST(JSON_UNQUOTE(CASE WHEN JSON_VALID(c) THEN JSON_EXTRACT(c, ["$.\\"n\\""]) END) AS DOUBLE) END`,
    ],
    [
      'postgres',
      `CASE WHEN jsonb_typeof((CAST(c AS jsonb) #> CAST([["n"]] AS text[]))) = 'number' THEN CAST((CAST(c AS jsonb) #> CAST([["n"]] AS text[])) AS numeric) END`,
    ],
  ])('%s: JSON numbers only', (vendor, sql) =>
    expect(dialectFor(vendor).jsonScalar('c', ['n'], 'number', bind)).toBe(sql),
  );
});
