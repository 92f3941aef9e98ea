import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError } from '../../common/errors/errors';
import { PermissionsService } from '../permissions/permissions.service';
import { collectionEntry, fieldEntries, fieldEntry } from './lib/schema-entries';
import { EVERYTHING, relationVisible, SchemaVisibility, schemaVisibility, withGroups } from './lib/schema-visibility';
import type { RelationOverview } from '../schema/schema.types';
import { SchemaService } from '../schema/schema.service';

/** The system collection whose read rule lets a caller read each kind of schema entry. */
type MetadataCollection = 'svc_collections' | 'svc_fields' | 'svc_relations';

/**
 * The schema as a caller may read it, for REST (/collections, /fields, /relations) and GraphQL
 * (/graphql/system) alike: lists are filtered by the caller's read rules, a single entry the caller may
 * not see is FORBIDDEN. As the reference, a caller without a read rule on the metadata collection itself
 * (svc_collections, svc_fields, svc_relations; app access grants those) is refused the lists and the
 * collections, never answered an empty list. `acc` null is an internal read: everything.
 */
@Injectable()
export class SchemaReads {
  constructor(
    private readonly schema: SchemaService,
    private readonly permissions: PermissionsService,
  ) {}

  private async visibility(acc: Accountability | null, metadata?: MetadataCollection): Promise<SchemaVisibility> {
    const visible = !acc || acc.admin ? EVERYTHING : schemaVisibility(false, await this.permissions.lookup(acc));
    if (metadata && !visible.collection(metadata)) throw new ForbiddenError();
    return visible;
  }

  /** FORBIDDEN for an unknown collection as for one the caller may not read, so names don't leak. */
  private known(collection: string, visible: SchemaVisibility): void {
    if (!this.schema.overview.has(collection) || !visible.collection(collection)) throw new ForbiddenError();
  }

  async collections(acc: Accountability | null) {
    const visible = await this.visibility(acc, 'svc_collections');
    const overview = this.schema.overview;
    const readable = [...overview.collections.keys()].filter((name) => visible.collection(name));
    const listed = withGroups(readable, (name) => overview.collection(name)?.meta?.group);
    return [...overview.collections.values()].filter((c) => listed.has(c.collection)).map(collectionEntry);
  }

  async collection(acc: Accountability | null, name: string) {
    this.known(name, await this.visibility(acc, 'svc_collections'));
    return collectionEntry(this.schema.overview.collection(name)!);
  }

  async fields(acc: Accountability | null, collection?: string) {
    const visible = await this.visibility(acc, 'svc_fields');
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
    const visible = await this.visibility(acc, 'svc_relations');
    if (collection !== undefined) this.known(collection, visible);
    return this.schema.overview.relations.filter(
      (r) => (collection === undefined || r.collection === collection) && relationVisible(visible, r),
    );
  }

  async relation(acc: Accountability | null, collection: string, field: string): Promise<RelationOverview> {
    const visible = await this.visibility(acc, 'svc_relations');
    const relation = this.schema.overview.relationEntry(collection, field);
    if (!relation || !relationVisible(visible, relation)) throw new ForbiddenError();
    return relation;
  }
}
