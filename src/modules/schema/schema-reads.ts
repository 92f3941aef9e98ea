import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError } from '../../common/errors/errors';
import { PermissionsService } from '../permissions/permissions.service';
import { collectionEntry, fieldEntries, fieldEntry } from './lib/schema-entries';
import { EVERYTHING, SchemaVisibility, schemaVisibility } from './lib/schema-visibility';
import type { RelationOverview } from './schema.types';
import { SchemaService } from './schema.service';

/**
 * The schema as a caller may read it, for REST (/collections, /fields, /relations) and GraphQL
 * (/graphql/system) alike: lists are filtered by the caller's read rules, a single entry the caller may
 * not see is FORBIDDEN. `acc` null is an internal read: everything.
 */
@Injectable()
export class SchemaReads {
  constructor(
    private readonly schema: SchemaService,
    private readonly permissions: PermissionsService,
  ) {}

  private async visibility(acc: Accountability | null): Promise<SchemaVisibility> {
    return !acc || acc.admin ? EVERYTHING : schemaVisibility(false, await this.permissions.lookup(acc));
  }

  /** FORBIDDEN for an unknown collection as for one the caller may not read, so names don't leak. */
  private known(collection: string, visible: SchemaVisibility): void {
    if (!this.schema.overview.has(collection) || !visible.collection(collection)) throw new ForbiddenError();
  }

  async collections(acc: Accountability | null) {
    const visible = await this.visibility(acc);
    return [...this.schema.overview.collections.values()].filter((c) => visible.collection(c.collection)).map(collectionEntry);
  }

  async collection(acc: Accountability | null, name: string) {
    const visible = await this.visibility(acc);
    const collection = this.schema.overview.collection(name);
    if (!collection || !visible.collection(name)) throw new ForbiddenError();
    return collectionEntry(collection);
  }

  async fields(acc: Accountability | null, collection?: string) {
    const visible = await this.visibility(acc);
    if (collection !== undefined) this.known(collection, visible);
    return fieldEntries(this.schema.overview, collection).filter((f) => visible.field(f.collection, f.field));
  }

  async field(acc: Accountability | null, collection: string, name: string) {
    const visible = await this.visibility(acc);
    const field = this.schema.overview.field(collection, name);
    if (!field || !visible.field(collection, name)) throw new ForbiddenError();
    return fieldEntry(field);
  }

  async relations(acc: Accountability | null, collection?: string): Promise<RelationOverview[]> {
    const visible = await this.visibility(acc);
    if (collection !== undefined) this.known(collection, visible);
    return this.schema.overview.relations.filter((r) => (collection === undefined || r.collection === collection) && visible.field(r.collection, r.field));
  }

  async relation(acc: Accountability | null, collection: string, field: string): Promise<RelationOverview> {
    const visible = await this.visibility(acc);
    const relation = this.schema.overview.relationEntry(collection, field);
    if (!relation || !visible.field(collection, field)) throw new ForbiddenError();
    return relation;
  }
}
