import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import { isPlainObject } from '../../common/is-plain-object';
import type { Query } from '../../common/query/query.types';
import { ItemsHttp } from '../items/items-http';
import { itemsReadRoutes } from '../items/items-read-routes';
import { PromoteVersionDto } from './dto/promote-version.dto';
import { VersionsService } from './versions.service';
import { VERSIONS_DOCS as docs } from './versions-docs';

@ApiTags('Versions')
@Controller('versions')
export class VersionsController extends itemsReadRoutes(docs) {
  constructor(
    private readonly versions: VersionsService,
    protected readonly http: ItemsHttp,
  ) {
    super();
  }

  protected engine(acc: Accountability) {
    return this.versions.for(acc);
  }

  @Post()
  @HttpCode(200)
  @docs.create()
  create(
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    // The seed's multiple form wraps the list in `data`; the reference platform's is the bare array.
    const versions =
      isPlainObject(body) && Object.keys(body).length === 1 && Array.isArray(body.data) ? body.data : body;
    return this.http.create(this.engine(acc), res, versions, query);
  }

  @Patch()
  @docs.update()
  update(
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.http.update(this.engine(acc), res, body, query);
  }

  @Patch(':id')
  @docs.updateOne()
  updateOne(
    @Param('id') id: string,
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.http.updateOne(this.engine(acc), res, id, body, query);
  }

  @Delete()
  @HttpCode(204)
  @docs.remove()
  async remove(@Body() body: unknown, @Acc() acc: Accountability): Promise<void> {
    await this.http.delete(this.engine(acc), body);
  }

  @Delete(':id')
  @HttpCode(204)
  @docs.removeOne()
  async removeOne(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
    await this.engine(acc).deleteOne(id);
  }

  @Post(':id/save')
  @HttpCode(200)
  @docs.save()
  async save(@Param('id') id: string, @Body() body: unknown, @Acc() acc: Accountability) {
    return { data: await this.versions.save(id, body, acc) };
  }

  @Get(':id/compare')
  @docs.compare()
  async compare(@Param('id') id: string, @Acc() acc: Accountability) {
    return { data: await this.versions.compare(id, acc) };
  }

  @Post(':id/promote')
  @HttpCode(200)
  @docs.promote()
  async promote(@Param('id') id: string, @Body() dto: PromoteVersionDto, @Acc() acc: Accountability) {
    return { data: await this.versions.promote(id, dto.mainHash, dto.fields, acc) };
  }
}
