import type { Diff } from 'deep-diff';

/** API.md 4.1: the snapshot entries, as the reference platform's clients send and expect them. */
export interface SnapshotCollection {
  collection: string;
  meta: Record<string, unknown> | null;
  schema: { name: string } | null;
}

export interface SnapshotField {
  collection: string;
  field: string;
  type: string;
  meta: Record<string, unknown> | null;
  schema: Record<string, unknown> | null;
}

export interface SnapshotSystemField {
  collection: string;
  field: string;
  schema: { is_indexed: boolean };
}

export interface SnapshotRelation {
  collection: string;
  field: string;
  related_collection: string | null;
  meta: Record<string, unknown> | null;
  schema: Record<string, unknown> | null;
}

export interface Snapshot {
  version: number;
  platform: string;
  vendor: string;
  collections: SnapshotCollection[];
  fields: SnapshotField[];
  systemFields: SnapshotSystemField[];
  relations: SnapshotRelation[];
}

export type DiffRecord = Diff<unknown, unknown>;

export interface SnapshotDiff {
  collections: { collection: string; diff: DiffRecord[] }[];
  fields: { collection: string; field: string; diff: DiffRecord[] }[];
  systemFields: { collection: string; field: string; diff: DiffRecord[] }[];
  relations: { collection: string; field: string; related_collection: string | null; diff: DiffRecord[] }[];
}

export const SNAPSHOT_VENDORS = ['mysql', 'postgres', 'sqlite', 'cockroachdb', 'oracle', 'mssql', 'redshift'] as const;
