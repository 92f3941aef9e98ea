import { buildSchema, parse } from 'graphql';
import { ValidDocuments } from './valid-documents';

const schema = buildSchema('type Query { a: Int, b: Int, c: Int }');

describe('ValidDocuments', () => {
  it('answers a remembered document for its schema only', () => {
    const cache = new ValidDocuments(2, 100);
    const doc = parse('{ a }');
    cache.remember(schema, '{ a }', doc);
    expect(cache.get(schema, '{ a }')).toBe(doc);
    expect(cache.get(buildSchema('type Query { a: Int }'), '{ a }')).toBeUndefined();
    expect(cache.get(schema, '{ b }')).toBeUndefined();
  });

  it.each([
    [
      'drops the least recently used past its capacity',
      ['{ a }', '{ b }', 'get { a }', '{ c }'],
      ['{ a }', '{ c }'],
      ['{ b }'],
    ],
    ['keeps no text longer than its bound', ['{ a }', '{  b  }'], ['{ a }'], ['{  b  }']],
  ])('%s', (_, steps, kept, dropped) => {
    const cache = new ValidDocuments(2, 6);
    for (const step of steps) {
      if (step.startsWith('get ')) cache.get(schema, step.slice(4));
      else cache.remember(schema, step, parse(step));
    }
    for (const text of kept) expect(cache.get(schema, text)).toBeDefined();
    for (const text of dropped) expect(cache.get(schema, text)).toBeUndefined();
  });
});
