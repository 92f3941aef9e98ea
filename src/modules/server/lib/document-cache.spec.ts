import { DocumentCache } from './document-cache';

describe(DocumentCache.name, () => {
  type Step = [version: number, key: string, built: boolean];
  const run = (steps: Step[], capacity = 3) => {
    const cache = new DocumentCache<string>(capacity);
    let builds = 0;
    const results = steps.map(([version, key]) => {
      const before = builds;
      const value = cache.get(version, key, () => `${version}:${key}#${++builds}`);
      return [value, builds > before];
    });
    return { results, cache };
  };

  it.each<[string, Step[]]>([
    [
      'builds once per key and version',
      [
        [1, 'a', true],
        [1, 'a', false],
        [1, 'b', true],
        [1, 'b', false],
      ],
    ],
    [
      'builds again after a schema change',
      [
        [1, 'a', true],
        [2, 'a', true],
        [2, 'a', false],
      ],
    ],
    [
      'keeps the current documents when an older version asks',
      [
        [2, 'a', true],
        [1, 'a', true],
        [2, 'a', false],
        [1, 'a', true],
      ],
    ],
    [
      'drops the oldest past its capacity',
      [
        [1, 'a', true],
        [1, 'b', true],
        [1, 'c', true],
        [1, 'd', true],
        [1, 'a', true],
        [1, 'd', false],
      ],
    ],
  ])('%s', (_case, steps) => {
    expect(run(steps).results.map(([, built]) => built)).toEqual(steps.map(([, , built]) => built));
  });

  it('answers the kept document itself', () => {
    const { results } = run([
      [1, 'a', true],
      [1, 'a', false],
    ]);
    expect(results[1][0]).toBe(results[0][0]);
  });

  it('holds at most its capacity', () => {
    const { cache } = run(
      [
        [1, 'a', true],
        [1, 'b', true],
        [1, 'c', true],
        [1, 'd', true],
      ],
      2,
    );
    expect(cache.size).toBe(2);
  });
});
