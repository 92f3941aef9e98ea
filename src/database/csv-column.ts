import type { ValueTransformer } from 'typeorm';

/** Lists stored as comma-separated text (`special`, `one_allowed_collections`), answered as arrays. */
export const csvColumn: ValueTransformer = {
  to: (value: unknown) => (Array.isArray(value) ? (value.length ? value.join(',') : null) : value),
  from: (value: unknown) => (typeof value === 'string' ? (value === '' ? [] : value.split(',')) : value),
};
