import { Body, Get, HttpCode, Param, Search } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import type { itemsRouteDocs } from '../../common/openapi/items-route-docs';
import { ApiSearchRoute } from '../../common/openapi/operation';
import type { Query } from '../../common/query/query.types';
import type { ItemsHttp } from './items-http';
import type { ItemsService } from './items.service';

type ReadDocs = Pick<ReturnType<typeof itemsRouteDocs>, 'list' | 'read'>;

/**
 * The list, SEARCH and read-one routes every items-like controller serves the same way (API.md 1.6),
 * written once: a controller extends the class made for its docs and says which engine answers.
 */
export function itemsReadRoutes(docs: ReadDocs) {
  abstract class ItemsReadRoutes {
    protected abstract readonly http: ItemsHttp;

    /** The items engine of the controller's collection for this caller. */
    protected abstract engine(acc: Accountability): ItemsService;

    @Get()
    @docs.list()
    list(@ListQuery() query: Query, @Acc() acc: Accountability) {
      return this.http.list(this.engine(acc), query);
    }

    @Search()
    @HttpCode(200)
    @ApiSearchRoute()
    search(@ListQuery() query: Query, @Body() body: unknown, @Acc() acc: Accountability) {
      return this.http.search(this.engine(acc), query, body);
    }

    @Get(':id')
    @docs.read()
    readOne(@Param('id') id: string, @ListQuery() query: Query, @Acc() acc: Accountability) {
      return this.http.readOne(this.engine(acc), id, query);
    }
  }
  return ItemsReadRoutes;
}
