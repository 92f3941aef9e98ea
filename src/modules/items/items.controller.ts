import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Optional,
  Param,
  Patch,
  Post,
  Res,
  Search,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import { ForbiddenError } from '../../common/errors/errors';
import { itemsRouteDocs } from '../../common/openapi/items-route-docs';
import { ApiSearchRoute } from '../../common/openapi/operation';
import type { Query } from '../../common/query/query.types';
import { isSystemCollection } from '../schema/system-schema';
import { ITEM_VERSION_READER, ItemVersionReader } from './item-version-reader';
import { ItemsFactory } from './items.factory';
import { ItemsHttp } from './items-http';

const docs = itemsRouteDocs({
  many: 'Items',
  one: 'Item',
  auth: { anonymous: true },
  query: ['Version'],
  listNote:
    'A singleton collection answers its one item as `data`, and POST and PATCH /items/{collection} create or change that item.',
  params: { collection: 'A user collection, e.g. `articles`; system collections have their own endpoints (403 here).' },
});

@ApiTags('Items')
@Controller('items/:collection')
export class ItemsController {
  constructor(
    private readonly items: ItemsFactory,
    private readonly http: ItemsHttp,
    @Optional() @Inject(ITEM_VERSION_READER) private readonly versions?: ItemVersionReader,
  ) {}

  /** System collections have their own endpoints (/users, /files, ...), as on the reference platform. */
  private service(collection: string, acc: Accountability, manager?: EntityManager) {
    if (isSystemCollection(collection)) throw new ForbiddenError();
    return this.items.for(collection, acc, manager);
  }

  @Get()
  @docs.list()
  list(@Param('collection') collection: string, @ListQuery() query: Query, @Acc() acc: Accountability) {
    const read = (q: Query, manager?: EntityManager) => this.http.list(this.service(collection, acc, manager), q);
    return query.version && this.versions ? this.versions.read(collection, undefined, query, acc, read) : read(query);
  }

  @Search()
  @HttpCode(200)
  @ApiSearchRoute()
  search(
    @Param('collection') collection: string,
    @ListQuery() query: Query,
    @Body() body: unknown,
    @Acc() acc: Accountability,
  ) {
    return this.http.search(this.service(collection, acc), query, body);
  }

  @Get(':id')
  @docs.read()
  read(
    @Param('collection') collection: string,
    @Param('id') id: string,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
  ) {
    const read = (q: Query, manager?: EntityManager) =>
      this.http.readOne(this.service(collection, acc, manager), id, q);
    return query.version && this.versions ? this.versions.read(collection, id, query, acc, read) : read(query);
  }

  @Post()
  @HttpCode(200)
  @docs.create()
  create(
    @Param('collection') collection: string,
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.http.create(this.service(collection, acc), res, body, query);
  }

  // jscpd:ignore-start -- Nest reads a route's parameters from its own signature, so create and update repeat the
  // same five; the shared write routes (items-write-routes.ts) do not take the :collection segment yet.
  @Patch()
  @docs.update()
  update(
    @Param('collection') collection: string,
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.http.update(this.service(collection, acc), res, body, query);
  }
  // jscpd:ignore-end

  @Patch(':id')
  @docs.updateOne()
  updateOne(
    @Param('collection') collection: string,
    @Param('id') id: string,
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.http.updateOne(this.service(collection, acc), res, id, body, query);
  }

  @Delete()
  @HttpCode(204)
  @docs.remove()
  async remove(
    @Param('collection') collection: string,
    @Body() body: unknown,
    @Acc() acc: Accountability,
  ): Promise<void> {
    await this.http.delete(this.service(collection, acc), body);
  }

  @Delete(':id')
  @HttpCode(204)
  @docs.removeOne()
  async removeOne(
    @Param('collection') collection: string,
    @Param('id') id: string,
    @Acc() acc: Accountability,
  ): Promise<void> {
    await this.service(collection, acc).deleteOne(id);
  }
}
