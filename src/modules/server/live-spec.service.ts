import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { type Accountability, anonymousAccountability } from '../../common/accountability';
import { PermissionsService } from '../permissions/permissions.service';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { isSystemCollection } from '../schema/system-schema';
import { DocumentCache } from './lib/document-cache';
import { liveAccess } from './lib/live-access';
import { liveDocument } from './lib/live-document';
import { OpenApiDocument } from './openapi-document';

/** Enough for every role and share of a large project; beyond it the oldest document is built again when asked. */
const MAX_DOCUMENTS = 64;

/**
 * The live OpenAPI document of `/server/specs/oas`, per caller. Kept per schema version and per digest
 * of the permissions it shows, so a schema change or a permission change (which also reloads the schema
 * on every instance) builds it anew, and callers with the same access share one.
 */
@Injectable()
export class LiveSpecService {
  private readonly documents = new DocumentCache<OpenAPIObject>(MAX_DOCUMENTS);

  constructor(
    private readonly base: OpenApiDocument,
    private readonly overviews: SchemaOverviewService,
    private readonly permissions: PermissionsService,
  ) {}

  async forCaller(acc: Accountability): Promise<OpenAPIObject | null> {
    const base = this.base.document;
    if (!base) return null;
    const overview = this.overviews.current;
    const [lookup, publicLookup] = await Promise.all([
      this.permissions.lookup(acc),
      this.permissions.lookup(anonymousAccountability()),
    ]);
    const collections = [...overview.collections.keys()].filter((name) => !isSystemCollection(name));
    const access = liveAccess(lookup, publicLookup, collections);
    return this.documents.get(overview.version, access.key, () => liveDocument(base, overview, access));
  }
}
