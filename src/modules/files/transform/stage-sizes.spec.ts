import sharp from 'sharp';
import { IllegalAssetTransformationError } from '../../../common/errors/errors';
import type { TransformOperation } from './parse-transform';
import { assertStagesFit, stageSizes } from './stage-sizes';

const largest = (source: { width: number; height: number }, operations: TransformOperation[]) => {
  const sizes = stageSizes(source, operations);
  return { width: Math.max(...sizes.map((s) => s.width)), height: Math.max(...sizes.map((s) => s.height)) };
};

describe(stageSizes.name, () => {
  it.each<[string, TransformOperation[], { width: number; height: number }]>([
    ['nothing', [['blur', 2]], { width: 50, height: 50 }],
    ['an extend on a small image', [['extend', { left: 6000, right: 6000 }]], { width: 12050, height: 50 }],
    ['an extend by a number', [['extend', 10]], { width: 70, height: 70 }],
    [
      'an extend called before a resize (sharp extends after it)',
      [
        ['extend', { left: 5950 }],
        ['resize', { width: 6000, height: 6000, fit: 'fill' }],
      ],
      { width: 11950, height: 6000 },
    ],
    ['a resize to one side keeping the ratio', [['resize', 6000]], { width: 6000, height: 6000 }],
    ['fit outside', [['resize', 100, 6000, { fit: 'outside' }]], { width: 6000, height: 6000 }],
    [
      'a later resize replacing an earlier one',
      [
        ['resize', 6000, 6000],
        ['resize', 10, 10],
      ],
      { width: 50, height: 50 },
    ],
    ['a rotation by 45°', [['rotate', 45]], { width: 71, height: 71 }],
  ])('%s', (_name, operations, expected) => expect(largest({ width: 50, height: 50 }, operations)).toEqual(expected));

  // The model follows sharp's own order of operations: its final size must be what sharp produces.
  it.each<[TransformOperation[]]>([
    [
      [
        ['extend', { left: 7 }],
        ['resize', { width: 30, height: 20, fit: 'fill' }],
      ],
    ],
    [
      [
        ['resize', 30],
        ['extract', { left: 1, top: 2, width: 10, height: 5 }],
        ['extend', 3],
      ],
    ],
    [
      [
        ['extract', { left: 1, top: 2, width: 20, height: 10 }],
        ['resize', null, 30],
      ],
    ],
    [
      [
        ['rotate', 90],
        ['resize', 40],
      ],
    ],
    [
      [
        ['resize', 40, 10, { fit: 'outside' }],
        ['rotate', 30],
      ],
    ],
    [
      [
        ['extend', { top: 4 }],
        ['extend', { bottom: 6 }],
      ],
    ],
  ])('ends at the size sharp makes for %j', async (operations) => {
    let image = sharp({ create: { width: 50, height: 25, channels: 3, background: '#888' } });
    for (const [method, ...args] of operations)
      image = (image as unknown as Record<string, (...a: unknown[]) => typeof image>)[method](...args);
    const made = await sharp(await image.png().toBuffer()).metadata();
    const sizes = stageSizes({ width: 50, height: 25 }, operations);
    const finals = [sizes[sizes.length / 2 - 1], sizes[sizes.length - 1]];
    // A free rotation's bounding box may differ from libvips' by its rounding.
    const near = finals.some(
      (size) => Math.abs(size.width - made.width) <= 1 && Math.abs(size.height - made.height) <= 1,
    );
    expect({ finals, near }).toEqual({ finals, near: true });
  });
});

describe(assertStagesFit.name, () => {
  it.each<[TransformOperation[], boolean]>([
    [[['resize', 100, 100]], true],
    [[['extend', { left: 6000, right: 6000 }]], false],
    [[['resize', 6001]], false],
    [
      [
        ['resize', 5990, 5990],
        ['rotate', 45],
      ],
      false,
    ],
  ])('%j fits: %s', (operations, fits) => {
    const run = () => assertStagesFit({ width: 50, height: 50 }, operations, 6000);
    if (fits) expect(run).not.toThrow();
    else expect(run).toThrow(IllegalAssetTransformationError);
  });
});
