import {
  Body,
  Controller,
  Delete,
  HttpCode,
  Inject,
  Optional,
  Param,
  Patch,
  Post,
  Res,
  Type,
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import { AdminGuard } from '../../common/guards/admin.guard';
import { type ItemsResource, itemsRouteDocs } from '../../common/openapi/items-route-docs';
import type { ApiTagName } from '../../common/openapi/tags';
import type { Query } from '../../common/query/query.types';
import { ItemsFactory } from './items.factory';
import { ItemsHttp } from './items-http';
import { itemsReadRoutes } from './items-read-routes';
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

/** What the write routes need of the read controller they extend. */
interface ItemsRoutes {
  readonly items: ItemsFactory;
  readonly http: ItemsHttp;
}

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
  const read = readController(path, collection, tag, docs, options.adminOnly ? [AdminGuard] : []);
  const writeGuards = options.adminWrites ? [AdminGuard] : [];
  const changes = options.readOnly ? read : withChangeRoutes(path, collection, docs, read, writeGuards);
  const controller = options.readOnly
    ? read
    : withCreateRoute(path, collection, docs, changes, writeGuards, options.creator);
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
): Type<ItemsRoutes> {
  @ApiTags(tag)
  @UseGuards(...guards)
  @Controller(path)
  class ReadController extends itemsReadRoutes(docs) implements ItemsRoutes {
    constructor(
      readonly items: ItemsFactory,
      readonly http: ItemsHttp,
    ) {
      super();
    }

    protected engine(acc: Accountability) {
      return this.items.for(collection, acc);
    }
  }
  return ReadController;
}

function withCreateRoute(
  path: string,
  collection: string,
  docs: Docs,
  Base: Type<ItemsRoutes>,
  guards: Type<unknown>[],
  Creator?: Type<ItemsCreator>,
): Type<ItemsRoutes> {
  @Controller(path)
  class CreateController extends Base {
    constructor(
      items: ItemsFactory,
      http: ItemsHttp,
      // A module's own creator when it has one; otherwise nothing to inject.
      @Optional() @Inject(Creator ?? NO_CREATOR) private readonly creator?: ItemsCreator,
    ) {
      super(items, http);
    }

    @Post()
    @UseGuards(...guards)
    @HttpCode(200)
    @docs.create()
    create(
      @Body() body: unknown,
      @ListQuery() query: Query,
      @Acc() acc: Accountability,
      @Res({ passthrough: true }) res: Response,
    ) {
      const service = this.items.for(collection, acc);
      const creator = this.creator;
      if (!creator) return this.http.create(service, res, body, query);
      return this.http.written(service, res, query, () => creator.create(body, acc));
    }
  }
  return CreateController;
}

function withChangeRoutes(
  path: string,
  collection: string,
  docs: Docs,
  ReadController: Type<ItemsRoutes>,
  guards: Type<unknown>[],
): Type<ItemsRoutes> {
  @Controller(path)
  class ChangeController extends ReadController {
    @Patch()
    @UseGuards(...guards)
    @docs.update()
    update(
      @Body() body: unknown,
      @ListQuery() query: Query,
      @Acc() acc: Accountability,
      @Res({ passthrough: true }) res: Response,
    ) {
      return this.http.update(this.items.for(collection, acc), res, body, query);
    }

    @Patch(':id')
    @UseGuards(...guards)
    @docs.updateOne()
    updateOne(
      @Param('id') id: string,
      @Body() body: unknown,
      @ListQuery() query: Query,
      @Acc() acc: Accountability,
      @Res({ passthrough: true }) res: Response,
    ) {
      return this.http.updateOne(this.items.for(collection, acc), res, id, body, query);
    }

    @Delete()
    @UseGuards(...guards)
    @HttpCode(204)
    @docs.remove()
    async remove(@Body() body: unknown, @Acc() acc: Accountability): Promise<void> {
      await this.http.delete(this.items.for(collection, acc), body);
    }

    @Delete(':id')
    @UseGuards(...guards)
    @HttpCode(204)
    @docs.removeOne()
    async removeOne(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
      await this.items.for(collection, acc).deleteOne(id);
    }
  }
  return ChangeController;
}
