import type { EnvDoc } from './env-docs';

/** The limits of /assets and its image transformations in the README's configuration table, in their place in env-docs.ts. */
export const ASSETS_ENV_DOCS: readonly EnvDoc[] = [
  {
    names: [
      'ASSETS_TRANSFORM_MAX_RUNNING',
      'ASSETS_TRANSFORM_MAX_RUNNING_PER_CALLER',
      'ASSETS_TRANSFORM_MAX_CONCURRENT',
      'ASSETS_TRANSFORM_TIMEOUT',
    ],
    defaults: ['`2`', '`1`', '`25`', '`7.5s`'],
    meaning:
      'image transformations computed at once (in all and per caller), running or waiting (more: 503), and how long one may take before its request answers 503 and the work is stopped',
  },
  {
    names: ['ASSETS_TRANSFORM_SLOW_ENCODE_MAX_PIXELS'],
    defaults: ['`2000000`'],
    meaning: 'largest AVIF or palette PNG output (width × height), whose encoders no timeout stops',
  },
  {
    names: ['ASSETS_CACHE_TTL', 'ASSETS_CACHE_REVALIDATE'],
    defaults: ['`30d`', '`false`'],
    meaning:
      'the `Cache-Control` of `/assets`: how long browsers and proxies may keep an asset, and whether they must revalidate it every time',
  },
  {
    names: ['ASSETS_MEMORY_CACHE_SIZE'],
    defaults: ['`32mb`'],
    meaning:
      'bytes of small originals and variants kept in memory (`0`: none; an object over a sixteenth of it is always streamed)',
  },
];
