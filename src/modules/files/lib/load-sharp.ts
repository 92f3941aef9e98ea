import type { default as Sharp } from 'sharp';
import { lazyModule } from '../../../common/lazy-module';

/** sharp and libvips (about 13 ms and several MB) are loaded by the first image read or transformed. */
export const loadSharp = lazyModule(() => require('sharp') as typeof Sharp);
