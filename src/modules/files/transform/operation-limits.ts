import type { TransformOperation } from './parse-transform';

/**
 * Bounds on the arguments of the operations whose cost per pixel grows with them, so one request
 * cannot ask for minutes of work on an image of the largest allowed size (a 41×41 `convolve` of a
 * 6000×6000 image kept a core busy for more than 90 s). Measured on 9 million pixels: a 9×9 convolve
 * takes 3 s of CPU, a 15×15 one 7 s, a median of 9 4 s, a blur of sigma 50 1.3 s; sharp's own limits are
 * 1001 and 1000. What is still slow is stopped by ASSETS_TRANSFORM_TIMEOUT.
 */
export const OPERATION_LIMITS = { kernel: 7, median: 7, blurSigma: 30, claheWindow: 64 } as const;

/**
 * The formats `toFormat` may name: those served with their own type. Others are refused, GIF and HEIF
 * among them, whose encoders no timeout interrupts (a 4000×4000 GIF took 52 s past a 1 s timeout).
 */
export const TO_FORMAT_IDS = ['jpeg', 'jpg', 'png', 'webp', 'tiff', 'tif', 'avif'] as const;

const number = (value: unknown): number => (typeof value === 'number' ? value : 0);
const member = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/** Why `operation` would cost too much, or null; arguments of the wrong type are left to sharp's own checks. */
export function operationCostProblem([method, first]: TransformOperation): string | null {
  switch (method) {
    case 'convolve':
      return Math.max(number(member(first, 'width')), number(member(first, 'height'))) > OPERATION_LIMITS.kernel
        ? `"convolve" kernels are limited to ${OPERATION_LIMITS.kernel}×${OPERATION_LIMITS.kernel}`
        : null;
    case 'median':
      return number(first) > OPERATION_LIMITS.median
        ? `"median" sizes are limited to ${OPERATION_LIMITS.median}`
        : null;
    case 'blur':
      return Math.max(number(first), number(member(first, 'sigma'))) > OPERATION_LIMITS.blurSigma
        ? `"blur" sigmas are limited to ${OPERATION_LIMITS.blurSigma}`
        : null;
    case 'clahe':
      return Math.max(number(member(first, 'width')), number(member(first, 'height'))) > OPERATION_LIMITS.claheWindow
        ? `"clahe" windows are limited to ${OPERATION_LIMITS.claheWindow}×${OPERATION_LIMITS.claheWindow}`
        : null;
    case 'toFormat':
      return (TO_FORMAT_IDS as readonly unknown[]).includes(first)
        ? null
        : `"toFormat" accepts only ${TO_FORMAT_IDS.join(', ')}`;
    default:
      return null;
  }
}
