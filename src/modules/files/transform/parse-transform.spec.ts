import { InvalidQueryError } from '../../../common/errors/errors';
import { parseTransform, TransformSettings } from './parse-transform';

const settings = (overrides: Partial<TransformSettings> = {}): TransformSettings => ({
  mode: 'all',
  presets: [{ key: 'thumb', width: 100, height: 100, fit: 'cover', quality: 70 }],
  maxOperations: 2,
  ...overrides,
});

describe(parseTransform.name, () => {
  it.each([
    [{}, null],
    [{ download: '' }, null],
    [{ width: '200' }, { width: 200 }],
    [
      { width: '200', height: '100', fit: 'contain', quality: '80' },
      { width: 200, height: 100, fit: 'contain', quality: 80 },
    ],
    [
      { withoutEnlargement: 'true', format: 'webp' },
      { withoutEnlargement: true, format: 'webp' },
    ],
    [
      { focal_point_x: '10', focal_point_y: '0' },
      { focal_point_x: 10, focal_point_y: 0 },
    ],
    [{ transforms: '[["blur",3],["flip"]]' }, { transforms: [['blur', 3], ['flip']] }],
    [
      { transforms: '[["median",7],["blur",30]]' },
      {
        transforms: [
          ['median', 7],
          ['blur', 30],
        ],
      },
    ],
    [
      { transforms: '[["convolve",{"width":3,"height":3,"kernel":[0,1,0,1,1,1,0,1,0]}]]' },
      { transforms: [['convolve', { width: 3, height: 3, kernel: [0, 1, 0, 1, 1, 1, 0, 1, 0] }]] },
    ],
    [{ key: 'thumb' }, { width: 100, height: 100, fit: 'cover', quality: 70 }],
    [
      { key: 'thumb', width: '50' },
      { width: 50, height: 100, fit: 'cover', quality: 70 },
    ],
    [{ key: 'system-small-cover' }, { width: 64, height: 64, fit: 'cover', format: 'auto' }],
  ])('mode all: %j → %j', (query, expected) => expect(parseTransform(query, settings())).toEqual(expected));

  it.each([
    [{ width: '0' }],
    [{ width: '-3' }],
    [{ width: 'wide' }],
    [{ quality: '101' }],
    [{ fit: 'stretch' }],
    [{ format: 'gif' }],
    [{ withoutEnlargement: 'maybe' }],
    [{ transforms: 'not json' }],
    [{ transforms: '{"a":1}' }],
    [{ transforms: '[["composite",{"input":"/etc/passwd"}]]' }],
    [{ transforms: '[[1]]' }],
    [{ transforms: '[["resize",{"width":10,"__proto__":{"z":1}}]]' }],
    [{ transforms: '[["rotate",90,{"constructor":{"prototype":{"z":1}}}]]' }],
    [{ transforms: '[["blur"],["flip"],["flop"]]' }],
    [{ transforms: JSON.stringify([['toFormat', 'gif']]) }],
    [{ transforms: JSON.stringify([['toFormat', 'heif']]) }],
    [{ transforms: JSON.stringify([['toFormat', { id: 'avif' }]]) }],
    [{ transforms: JSON.stringify([['convolve', { width: 41, height: 41, kernel: Array(41 * 41).fill(1) }]]) }],
    [{ transforms: '[["median",9]]' }],
    [{ transforms: '[["blur",50]]' }],
    [{ transforms: '[["blur",{"sigma":50}]]' }],
    [{ transforms: '[["clahe",{"width":500,"height":5}]]' }],
    [{ key: 'unknown' }],
  ])('mode all rejects %j', (query) => expect(() => parseTransform(query, settings())).toThrow(InvalidQueryError));

  it.each([
    ['presets', { key: 'thumb' }, true],
    ['presets', { key: 'system-large-contain' }, true],
    ['presets', { key: 'thumb', width: '10' }, false],
    ['presets', { width: '10' }, false],
    ['none', { key: 'system-small-cover' }, true],
    ['none', { key: 'thumb' }, false],
    ['none', { width: '10' }, false],
  ] as const)('mode %s: %j allowed=%s', (mode, query, allowed) => {
    const run = () => parseTransform(query, settings({ mode }));
    if (allowed) expect(run()).not.toBeNull();
    else expect(run).toThrow(InvalidQueryError);
  });
});
