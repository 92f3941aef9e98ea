import { IllegalAssetTransformationError } from '../../../common/errors/errors';
import type { TransformOperation } from './parse-transform';

export interface Size {
  width: number;
  height: number;
}

type Region = Size & { left: number; top: number };
type Edges = { top: number; bottom: number; left: number; right: number };

/** What sharp keeps of the operations that change an image's size: the last call of each wins. */
interface SizingPlan {
  resize: { width?: number; height?: number; fit: string } | null;
  preExtract: Region | null;
  postExtract: Region | null;
  angle: number;
  extend: Edges;
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** sharp's `resize(width?, height?, options?)` or `resize(options)`. */
function resizeOf(args: unknown[]): SizingPlan['resize'] {
  const [first, second, third] = args;
  const options = obj(typeof first === 'object' && first !== null && third === undefined ? first : third);
  return {
    width: num(options.width) ?? num(first),
    height: num(options.height) ?? num(second),
    fit: typeof options.fit === 'string' ? options.fit : 'cover',
  };
}

/** Folds operations into the plan sharp builds from them (sharp 0.35, lib/resize.js and operation.js). */
function sizingPlan(operations: TransformOperation[]): SizingPlan {
  const plan: SizingPlan = {
    resize: null,
    preExtract: null,
    postExtract: null,
    angle: 0,
    extend: { top: 0, bottom: 0, left: 0, right: 0 },
  };
  for (const [method, ...args] of operations) {
    if (method === 'resize') plan.resize = resizeOf(args);
    if (method === 'rotate' && num(args[0]) !== undefined) plan.angle = num(args[0])!;
    if (method === 'extract') {
      const region = obj(args[0]);
      const extracted = {
        left: num(region.left) ?? 0,
        top: num(region.top) ?? 0,
        width: num(region.width) ?? 0,
        height: num(region.height) ?? 0,
      };
      // sharp: an extract after a resize, or a second one, cuts from the resized image.
      if (plan.resize || plan.preExtract) plan.postExtract = extracted;
      else plan.preExtract = extracted;
    }
    if (method === 'extend') {
      const edges =
        num(args[0]) !== undefined ? { top: args[0], bottom: args[0], left: args[0], right: args[0] } : obj(args[0]);
      for (const edge of ['top', 'bottom', 'left', 'right'] as const)
        plan.extend[edge] = num(edges[edge]) ?? plan.extend[edge];
    }
  }
  return plan;
}

function rotated(size: Size, angle: number): Size {
  if (angle % 90 === 0) return (angle / 90) % 2 === 0 ? size : { width: size.height, height: size.width };
  const radians = (angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return {
    width: Math.ceil(size.width * cos + size.height * sin),
    height: Math.ceil(size.width * sin + size.height * cos),
  };
}

function resized(size: Size, resize: NonNullable<SizingPlan['resize']>): Size {
  const { width, height, fit } = resize;
  if (width && height) {
    if (fit !== 'inside' && fit !== 'outside') return { width, height };
    const scale = (fit === 'inside' ? Math.min : Math.max)(width / size.width, height / size.height);
    return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
  }
  if (width) return { width, height: Math.round((size.height * width) / size.width) };
  if (height) return { width: Math.round((size.width * height) / size.height), height };
  return size;
}

/** The sizes in sharp's fixed order, with the rotation where sharp puts it (before or after the resize). */
function stagesWithRotation(source: Size, plan: SizingPlan, rotateBefore: boolean): Size[] {
  const stages: Size[] = [source];
  let size = source;
  const step = (next: Size) => stages.push((size = next));
  if (rotateBefore) step(rotated(size, plan.angle));
  if (plan.preExtract) step(plan.preExtract);
  if (plan.resize) step(resized(size, plan.resize));
  if (!rotateBefore) step(rotated(size, plan.angle));
  if (plan.postExtract) step(plan.postExtract);
  const { top, bottom, left, right } = plan.extend;
  step({ width: size.width + left + right, height: size.height + top + bottom });
  return stages;
}

/**
 * Every image size a sharp pipeline given `operations` on `source` goes through, in the order sharp
 * applies them (which is not the order of the calls: extract, resize, rotate, extract, extend), so
 * the largest can be refused before any pixel is computed. The rotation is counted in both places
 * sharp may put it; `trim` only shrinks.
 */
export function stageSizes(source: Size, operations: TransformOperation[]): Size[] {
  const plan = sizingPlan(operations);
  return [...stagesWithRotation(source, plan, true), ...stagesWithRotation(source, plan, false)];
}

/** The size of the image sharp encodes: of the two places the rotation may go, the larger result. */
export function outputSize(source: Size, operations: TransformOperation[]): Size {
  const plan = sizingPlan(operations);
  const [before, after] = [true, false].map((rotateBefore) => stagesWithRotation(source, plan, rotateBefore).at(-1)!);
  return before.width * before.height >= after.width * after.height ? before : after;
}

/**
 * Refuses (ILLEGAL_ASSET_TRANSFORMATION) operations that would make any step of the pipeline larger
 * than `maxDimension` pixels on a side (ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION), whatever the source.
 */
export function assertStagesFit(source: Size, operations: TransformOperation[], maxDimension: number): void {
  const tooLarge = stageSizes(source, operations).some(
    (size) => size.width > maxDimension || size.height > maxDimension,
  );
  if (tooLarge) {
    const methods = [
      ...new Set(
        operations
          .map(([method]) => method)
          .filter((method) => ['resize', 'extend', 'extract', 'rotate'].includes(method)),
      ),
    ];
    throw new IllegalAssetTransformationError(
      `Every step of a transformation is limited to ${maxDimension} pixels per side.`,
      methods,
    );
  }
}
