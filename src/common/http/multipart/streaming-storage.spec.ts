import type { Request } from 'express';
import { fieldsSincePreviousFile } from './streaming-storage';

/** multer's body as it grows: repeated names become arrays. */
function requestWith(body: Record<string, unknown>): Request {
  return { body } as unknown as Request;
}

describe(fieldsSincePreviousFile.name, () => {
  it.each([
    ['no fields', [{}], [{}]],
    ['fields before the first file', [{ title: 'a', tags: 'x' }], [{ title: 'a', tags: 'x' }]],
    [
      'a name repeated for the second file: its latest value, the others not again',
      [
        { title: 'a', folder: 'f' },
        { title: ['a', 'b'], folder: 'f' },
      ],
      [{ title: 'a', folder: 'f' }, { title: 'b' }],
    ],
    ['a second file without fields of its own', [{ title: 'a' }, { title: 'a' }], [{ title: 'a' }, {}]],
    ['a name sent twice before one file: the latest', [{ title: ['a', 'b'] }], [{ title: 'b' }]],
  ])('%s', (_label, bodies, expected) => {
    const req = requestWith({});
    const seen = bodies.map((body) => {
      req.body = body;
      return fieldsSincePreviousFile(req);
    });
    expect(seen).toEqual(expected);
  });
});
