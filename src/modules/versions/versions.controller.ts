import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Res, Search } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import { isPlainObject } from '../../common/is-plain-object';
import type { Query } from '../../common/query/query.types';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ItemsHttp } from '../items/items-http';
import { PromoteVersionDto } from './dto/promote-version.dto';
import { VersionsService } from './versions.service';

@ApiTags('versions')
@ApiBearerAuth()
@Controller('versions')
export class VersionsController {
  private readonly http: ItemsHttp;

  constructor(
    private readonly versions: VersionsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.http = new ItemsHttp(config);
  }

  @Get()
  list(@ListQuery() query: Query, @Acc() acc: Accountability) {
    return this.http.list(this.versions.for(acc), query);
  }

  @Search()
  @HttpCode(200)
  search(@ListQuery() query: Query, @Body() body: unknown, @Acc() acc: Accountability) {
    return this.http.search(this.versions.for(acc), query, body);
  }

  @Get(':id')
  read(@Param('id') id: string, @ListQuery() query: Query, @Acc() acc: Accountability) {
    return this.http.readOne(this.versions.for(acc), id, query);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create one version (object body) or many (array, or { data: [...] })' })
  @ApiBody({ description: '{ key, name?, collection, item } with item the primary key as a string' })
  create(@Body() body: unknown, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
    // The seed's multiple form wraps the list in `data`; the reference platform's is the bare array.
    const versions = isPlainObject(body) && Object.keys(body).length === 1 && Array.isArray(body.data) ? body.data : body;
    return this.http.create(this.versions.for(acc), res, versions, query);
  }

  @Patch()
  @ApiOperation({ summary: 'Rename versions: array with keys, { keys, data } or { query, data }; only key and name change' })
  update(@Body() body: unknown, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
    return this.http.update(this.versions.for(acc), res, body, query);
  }

  @Patch(':id')
  updateOne(@Param('id') id: string, @Body() body: unknown, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
    return this.http.updateOne(this.versions.for(acc), res, id, body, query);
  }

  @Delete()
  @HttpCode(204)
  async remove(@Body() body: unknown, @Acc() acc: Accountability): Promise<void> {
    await this.http.delete(this.versions.for(acc), body);
  }

  @Delete(':id')
  @HttpCode(204)
  async removeOne(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
    await this.versions.for(acc).deleteOne(id);
  }

  @Post(':id/save')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save changed fields of the item into the version; answers the main item with the delta applied' })
  @ApiBody({ description: 'The changed fields of the item (relational payloads allowed)' })
  async save(@Param('id') id: string, @Body() body: unknown, @Acc() acc: Accountability) {
    return { data: await this.versions.save(id, body, acc) };
  }

  @Get(':id/compare')
  @ApiOperation({ summary: '{ outdated, mainHash, current, main }' })
  async compare(@Param('id') id: string, @Acc() acc: Accountability) {
    return { data: await this.versions.compare(id, acc) };
  }

  @Post(':id/promote')
  @HttpCode(200)
  @ApiOperation({ summary: 'Write the delta to the main item; answers its primary key as a string' })
  async promote(@Param('id') id: string, @Body() dto: PromoteVersionDto, @Acc() acc: Accountability) {
    return { data: await this.versions.promote(id, dto.mainHash, dto.fields, acc) };
  }
}
