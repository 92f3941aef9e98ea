import { Controller, Inject, Optional, Type, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { AdminGuard } from '../../common/guards/admin.guard';
import { type ItemsResource, itemsRouteDocs } from '../../common/openapi/items-route-docs';
import type { ApiTagName } from '../../common/openapi/tags';
import type { Query } from '../../common/query/query.types';
import { ItemsFactory } from './items.factory';
import { ItemsHttp } from './items-http';
import { itemsReadRoutes } from './items-read-routes';
import { itemsWriteRoutes } from './items-write-routes';
import type { PrimaryKey } from './items.service';

export interface CollectionControllerOptions {
  /** The OpenAPI tag and the reference SDK's names of the routes (`readRoles`, `readRole`, ...). */
  docs: { tag: ApiTagName } & Pick<ItemsResource, 'many' | 'one' | 'schema'>;
  /** Admin only (403 FORBIDDEN for everyone else, API.md 1.2). */
  adminOnly?: boolean;
  /** Reads with the caller's permissions (app access reads the own roles), writes admin only. */
  adminWrites?: boolean;
  /** Only GET/SEARCH routes (activity, revisions). */
  readOnly?: boolean;
  /** Creation with rules of the collection's own (shares, comments): POST hands the body to this provider. */
  creator?: Type<ItemsCreator>;
}

/** A module's own creation of items, for collections where the permission rules alone don't decide. */
export interface ItemsCreator {
  create(body: unknown, acc: Accountability): Promise<PrimaryKey | PrimaryKey[]>;
}

const NO_CREATOR = Symbol('no items creator');

/**
 * The standard REST routes of a system collection (`/roles`, `/permissions`, `/activity`, ...) served by
 * the items engine with the caller's permissions, the same batch forms and envelopes as /items.
 */
export function collectionController(
  path: string,
  collection: string,
  options: CollectionControllerOptions,
): Type<unknown> {
  const { tag, ...names } = options.docs;
  const auth = options.adminOnly ? { admin: true } : { anonymous: true };
  const docs = itemsRouteDocs({ ...names, auth, writeAuth: options.adminWrites ? { admin: true } : undefined });
  const guards = options.adminOnly ? [AdminGuard] : [];
  const controller = options.readOnly
    ? readController(path, collection, tag, docs, guards)
    : writeController(path, collection, tag, docs, guards, options);
  // A name of its own for each generated controller, as Nest's route log shows it.
  const name = `${path.replace(/(^|[-_/])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}Controller`;
  return Object.defineProperty(controller, 'name', { value: name });
}

type Docs = ReturnType<typeof itemsRouteDocs>;

function readController(
  path: string,
  collection: string,
  tag: ApiTagName,
  docs: Docs,
  guards: Type<unknown>[],
): Type<unknown> {
  @ApiTags(tag)
  @UseGuards(...guards)
  @Controller(path)
  class ReadController extends itemsReadRoutes(docs) {
    constructor(
      private readonly items: ItemsFactory,
      protected readonly http: ItemsHttp,
    ) {
      super();
    }

    protected engine(acc: Accountability) {
      return this.items.for(collection, acc);
    }
  }
  return ReadController;
}

function writeController(
  path: string,
  collection: string,
  tag: ApiTagName,
  docs: Docs,
  guards: Type<unknown>[],
  options: CollectionControllerOptions,
): Type<unknown> {
  @ApiTags(tag)
  @UseGuards(...guards)
  @Controller(path)
  class WriteController extends itemsWriteRoutes(docs, options.adminWrites ? [AdminGuard] : []) {
    constructor(
      private readonly items: ItemsFactory,
      protected readonly http: ItemsHttp,
      // A module's own creator when it has one; otherwise nothing to inject.
      @Optional() @Inject(options.creator ?? NO_CREATOR) private readonly creator?: ItemsCreator,
    ) {
      super();
    }

    protected engine(acc: Accountability) {
      return this.items.for(collection, acc);
    }

    protected override createItems(body: unknown, query: Query, acc: Accountability, res: Response) {
      const creator = this.creator;
      if (!creator) return super.createItems(body, query, acc, res);
      return this.http.written(this.engine(acc), res, query, () => creator.create(body, acc));
    }
  }
  return WriteController;
}
