import { Body, Delete, HttpCode, Param, Patch, Post, Res, type Type, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import type { itemsRouteDocs } from '../../common/openapi/items-route-docs';
import type { Query } from '../../common/query/query.types';
import type { ItemsWriter } from './items-http';
import { itemsReadRoutes } from './items-read-routes';
import type { PrimaryKey } from './items.service';

type Docs = ReturnType<typeof itemsRouteDocs>;

/**
 * The read routes plus the create, batch and single update and delete routes of an items-like controller
 * (API.md 1.6, 1.7), written once. Each route hands its request to a protected method answering as the
 * items engine does; a controller with rules of its own overrides that method, or the route itself
 * (decorators included) when it takes another body (files' uploads). `guards` protect the writes only.
 */
export function itemsWriteRoutes(docs: Docs, guards: Type<unknown>[] = []) {
  abstract class ItemsWriteRoutes extends itemsWriteSteps(docs) {
    @Post()
    @UseGuards(...guards)
    @HttpCode(200)
    @docs.create()
    create(
      @Body() body: unknown,
      @ListQuery() query: Query,
      @Acc() acc: Accountability,
      @Res({ passthrough: true }) res: Response,
    ): Promise<unknown> {
      return this.createItems(body, query, acc, res);
    }

    @Patch()
    @UseGuards(...guards)
    @docs.update()
    update(
      @Body() body: unknown,
      @ListQuery() query: Query,
      @Acc() acc: Accountability,
      @Res({ passthrough: true }) res: Response,
    ): Promise<unknown> {
      return this.updateItems(body, query, acc, res);
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
    ): Promise<unknown> {
      return this.updateItem(id, body, query, acc, res);
    }

    @Delete()
    @UseGuards(...guards)
    @HttpCode(204)
    @docs.remove()
    async remove(@Body() body: unknown, @Acc() acc: Accountability): Promise<void> {
      await this.deleteItems(body, acc);
    }

    @Delete(':id')
    @UseGuards(...guards)
    @HttpCode(204)
    @docs.removeOne()
    async removeOne(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
      await this.deleteItem(id, acc);
    }
  }
  return ItemsWriteRoutes;
}

/** How each write is carried out by default: by the items engine, as /items/:collection does. */
function itemsWriteSteps(docs: Docs) {
  abstract class ItemsWriteSteps extends itemsReadRoutes(docs) {
    /** Who carries out batch updates and deletes: the items engine unless the controller has its own rules. */
    protected writer(acc: Accountability): ItemsWriter {
      return this.engine(acc);
    }

    protected createItems(body: unknown, query: Query, acc: Accountability, res: Response): Promise<unknown> {
      return this.http.create(this.engine(acc), res, body, query);
    }

    protected updateItems(body: unknown, query: Query, acc: Accountability, res: Response): Promise<unknown> {
      return this.http.update(this.engine(acc), res, body, query, this.writer(acc));
    }

    protected updateItem(
      id: string,
      body: unknown,
      query: Query,
      acc: Accountability,
      res: Response,
    ): Promise<unknown> {
      return this.http.updateOne(this.engine(acc), res, id, body, query, this.writer(acc));
    }

    protected deleteItems(body: unknown, acc: Accountability): Promise<unknown> {
      return this.http.delete(this.writer(acc), body);
    }

    protected deleteItem(id: PrimaryKey, acc: Accountability): Promise<unknown> {
      return this.engine(acc).deleteOne(id);
    }
  }
  return ItemsWriteSteps;
}
