import { levenshtein } from './levenshtein';

describe(levenshtein.name, () => {
  it.each([
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['same', 'same', 0],
    ['kitten', 'sitting', 3],
    ['flaw', 'lawn', 2],
    ['CORS_ORIGN', 'CORS_ORIGIN', 1],
    ['DB_PASWORD', 'DB_PASSWORD', 1],
    ['DB_HOST', 'DB_POST', 1],
    ['CAHCE_TTL', 'CACHE_TTL', 2],
    ['LOG_STYLE', 'LOG_LEVEL', 5],
  ])('%j → %j: %d', (a, b, distance) => {
    expect(levenshtein(a, b)).toBe(distance);
    expect(levenshtein(b, a)).toBe(distance);
  });
});
