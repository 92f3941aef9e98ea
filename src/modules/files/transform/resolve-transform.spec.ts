import { IllegalAssetTransformationError } from '../../../common/errors/errors';
import { resolveTransform, SourceImage } from './resolve-transform';

const source: SourceImage = { width: 400, height: 200, format: 'jpeg', focal_point_x: null, focal_point_y: null };
// AVIF/HEIF outputs up to 100×100.
const limits = { maxDimension: 1000, maxSlowPixels: 10000 };

describe(resolveTransform.name, () => {
  it.each([
    [
      { width: 100 },
      source,
      '',
      {
        operations: [['resize', { width: 100, height: undefined, fit: 'cover', withoutEnlargement: false }]],
        format: 'jpeg',
        variesByAccept: false,
      },
    ],
    [
      { width: 800, withoutEnlargement: true },
      source,
      '',
      {
        operations: [['resize', { width: 400, height: undefined, fit: 'cover', withoutEnlargement: true }]],
        format: 'jpeg',
        variesByAccept: false,
      },
    ],
    [
      { format: 'auto', width: 100, height: 100 },
      source,
      'image/avif,image/webp,*/*',
      {
        operations: [
          ['toFormat', 'avif', { effort: 0 }],
          ['resize', { width: 100, height: 100, fit: 'cover', withoutEnlargement: false }],
        ],
        format: 'avif',
        variesByAccept: true,
      },
    ],
    [
      { format: 'auto' },
      source,
      'image/avif,image/webp,*/*',
      { operations: [['toFormat', 'webp']], format: 'webp', variesByAccept: true },
    ],
    [
      { format: 'auto' },
      source,
      'image/avif,*/*',
      { operations: [['toFormat', 'jpeg']], format: 'jpeg', variesByAccept: true },
    ],
    [
      { format: 'png', quality: 80, width: 100, height: 100 },
      source,
      '',
      {
        operations: [
          ['toFormat', 'png', { quality: 80, effort: 1 }],
          ['resize', { width: 100, height: 100, fit: 'cover', withoutEnlargement: false }],
        ],
        format: 'png',
        variesByAccept: false,
      },
    ],
    [
      { format: 'auto', quality: 80 },
      { ...source, format: 'png' },
      '*/*',
      { operations: [['toFormat', 'png']], format: 'png', variesByAccept: true },
    ],
    [
      { transforms: [['png', { compressionLevel: 9 }]] },
      source,
      '',
      { operations: [['png', { compressionLevel: 9 }]], format: 'png', variesByAccept: false },
    ],
    [
      { width: 50, transforms: [['avif', { quality: 90, effort: 9 }]] },
      source,
      '',
      {
        operations: [
          ['avif', { quality: 90, effort: 0 }],
          ['resize', { width: 50, height: undefined, fit: 'cover', withoutEnlargement: false }],
        ],
        format: 'avif',
        variesByAccept: false,
      },
    ],
    [
      { format: 'auto' },
      source,
      'image/webp,*/*',
      { operations: [['toFormat', 'webp']], format: 'webp', variesByAccept: true },
    ],
    [{ format: 'auto' }, source, '*/*', { operations: [['toFormat', 'jpeg']], format: 'jpeg', variesByAccept: true }],
    [
      { format: 'auto' },
      { ...source, format: 'webp' },
      '*/*',
      { operations: [['toFormat', 'png']], format: 'png', variesByAccept: true },
    ],
    [
      { format: 'jpg', quality: 50 },
      { ...source, format: 'png' },
      '',
      { operations: [['toFormat', 'jpeg', { quality: 50 }]], format: 'jpeg', variesByAccept: false },
    ],
    [
      { transforms: [['webp'], ['blur', 2]] },
      source,
      '',
      { operations: [['webp'], ['blur', 2]], format: 'webp', variesByAccept: false },
    ],
    [
      { width: 100, height: 100, focal_point_x: 400, focal_point_y: 100 },
      source,
      '',
      {
        operations: [
          ['resize', { width: 200, height: 100, fit: 'fill' }],
          ['extract', { left: 100, top: 0, width: 100, height: 100 }],
        ],
        format: 'jpeg',
        variesByAccept: false,
      },
    ],
    [
      { width: 100, height: 100 },
      { ...source, focal_point_x: 0, focal_point_y: 0 },
      '',
      {
        operations: [
          ['resize', { width: 200, height: 100, fit: 'fill' }],
          ['extract', { left: 0, top: 0, width: 100, height: 100 }],
        ],
        format: 'jpeg',
        variesByAccept: false,
      },
    ],
  ] as const)('%j on %j (Accept %j)', (params, image, accept, expected) =>
    expect(resolveTransform(params as never, image, accept, limits)).toEqual(expected),
  );

  it.each([
    [{ width: 10 }, { ...source, width: null }],
    [{ width: 10 }, { ...source, width: 5000 }],
    [{ width: 1001 }, source],
    [{ transforms: [['resize', 5000, 10]] }, source],
    [{ transforms: [['extend', { top: 100000 }]] }, source],
    [{ format: 'avif' }, source],
    [{ transforms: [['toFormat', 'avif']] }, source],
    [{ format: 'png', quality: 80 }, source],
    [
      {
        transforms: [
          ['png', { colours: 4 }],
          ['toFormat', 'png'],
        ],
      },
      source,
    ],
    [{ width: 200 }, { ...source, format: 'avif' }],
  ] as const)('refuses %j on %j', (params, image) =>
    expect(() => resolveTransform(params as never, image, '', limits)).toThrow(IllegalAssetTransformationError),
  );
});
