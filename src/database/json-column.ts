import type { ValueTransformer } from 'typeorm';

/**
 * JSON columns are jsonb on PostgreSQL (parsed by the driver) and text on MariaDB/SQLite (strings):
 * write JSON text everywhere, and parse only what comes back as a string.
 */
export const jsonColumn: ValueTransformer = {
  to: (value: unknown) => (value === undefined || value === null ? value : JSON.stringify(value)),
  from: (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value),
};
