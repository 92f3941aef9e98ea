import type { Snapshot, SnapshotField } from './snapshot.types';

/** Small snapshots for the pure schema tests. */
export function field(
  collection: string,
  name: string,
  type = 'string',
  schema: Record<string, unknown> = {},
): SnapshotField {
  return {
    collection,
    field: name,
    type,
    meta: { collection, field: name, special: null, note: null },
    schema:
      type === 'alias'
        ? null
        : {
            name,
            table: collection,
            data_type: 'varchar',
            is_nullable: true,
            is_primary_key: false,
            has_auto_increment: false,
            ...schema,
          },
  };
}

export function snapshot(parts: Partial<Snapshot> = {}): Snapshot {
  return {
    version: 1,
    platform: '0.1.0',
    vendor: 'sqlite',
    collections: [],
    fields: [],
    systemFields: [],
    relations: [],
    ...parts,
  };
}

export function collection(name: string, meta: Record<string, unknown> = {}) {
  return { collection: name, meta: { collection: name, note: null, group: null, ...meta }, schema: { name } };
}
