import { Body, Controller, Delete, Get, HttpCode, Inject, Optional, Param, Patch, Post, Res, Search, Type, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import { AdminGuard } from '../../common/guards/admin.guard';
import type { Query } from '../../common/query/query.types';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ItemsFactory } from './items.factory';
import { ItemsHttp } from './items-http';
import type { PrimaryKey } from './items.service';

export interface CollectionControllerOptions {
  /** Admin only (403 FORBIDDEN for everyone else, API.md 1.2). */
  adminOnly?: boolean;
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
export function collectionController(path: string, collection: string, options: CollectionControllerOptions = {}): Type<unknown> {
  const read = readController(path, collection, options.adminOnly ? [AdminGuard] : []);
  const controller = options.readOnly ? read : withCreateRoute(path, collection, withChangeRoutes(path, collection, read), options.creator);
  // Swagger derives operation ids from class names: each generated controller gets its own.
  const name = `${path.replace(/(^|[-_/])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}Controller`;
  return Object.defineProperty(controller, 'name', { value: name });
}

function readController(path: string, collection: string, guards: Type<unknown>[]): Type<ItemsRoutes> {
  @ApiTags(path)
  @ApiBearerAuth()
  @UseGuards(...guards)
  @Controller(path)
  class ReadController implements ItemsRoutes {
    readonly http: ItemsHttp;

    constructor(
      readonly items: ItemsFactory,
      @Inject(APP_CONFIG) config: AppConfig,
    ) {
      this.http = new ItemsHttp(config);
    }

    @Get()
    list(@ListQuery() query: Query, @Acc() acc: Accountability) {
      return this.http.list(this.items.for(collection, acc), query);
    }

    @Search()
    @HttpCode(200)
    search(@ListQuery() query: Query, @Body() body: unknown, @Acc() acc: Accountability) {
      return this.http.search(this.items.for(collection, acc), query, body);
    }

    @Get(':id')
    read(@Param('id') id: string, @ListQuery() query: Query, @Acc() acc: Accountability) {
      return this.http.readOne(this.items.for(collection, acc), id, query);
    }
  }
  return ReadController;
}

function withCreateRoute(path: string, collection: string, Base: Type<ItemsRoutes>, Creator?: Type<ItemsCreator>): Type<ItemsRoutes> {
  @Controller(path)
  class CreateController extends Base {
    constructor(
      items: ItemsFactory,
      @Inject(APP_CONFIG) config: AppConfig,
      // A module's own creator when it has one; otherwise nothing to inject.
      @Optional() @Inject(Creator ?? NO_CREATOR) private readonly creator?: ItemsCreator,
    ) {
      super(items, config);
    }

    @Post()
    @HttpCode(200)
    create(@Body() body: unknown, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
      const service = this.items.for(collection, acc);
      const creator = this.creator;
      if (!creator) return this.http.create(service, res, body, query);
      return this.http.written(service, res, query, () => creator.create(body, acc));
    }
  }
  return CreateController;
}

function withChangeRoutes(path: string, collection: string, ReadController: Type<ItemsRoutes>): Type<ItemsRoutes> {
  @Controller(path)
  class ChangeController extends ReadController {
    @Patch()
    update(@Body() body: unknown, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
      return this.http.update(this.items.for(collection, acc), res, body, query);
    }

    @Patch(':id')
    updateOne(@Param('id') id: string, @Body() body: unknown, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
      return this.http.updateOne(this.items.for(collection, acc), res, id, body, query);
    }

    @Delete()
    @HttpCode(204)
    async remove(@Body() body: unknown, @Acc() acc: Accountability): Promise<void> {
      await this.http.delete(this.items.for(collection, acc), body);
    }

    @Delete(':id')
    @HttpCode(204)
    async removeOne(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
      await this.items.for(collection, acc).deleteOne(id);
    }
  }
  return ChangeController;
}
