import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { isPlainObject } from '../../common/is-plain-object';
import type { Query } from '../../common/query/query.types';
import { ItemsHttp } from '../items/items-http';
import { itemsWriteRoutes } from '../items/items-write-routes';
import { PromoteVersionDto } from './dto/promote-version.dto';
import { VersionsService } from './versions.service';
import { VERSIONS_DOCS as docs } from './versions-docs';

@ApiTags('Versions')
@Controller('versions')
export class VersionsController extends itemsWriteRoutes(docs) {
  constructor(
    private readonly versions: VersionsService,
    protected readonly http: ItemsHttp,
  ) {
    super();
  }

  protected engine(acc: Accountability) {
    return this.versions.for(acc);
  }

  /** The seed's multiple form wraps the list in `data`; the reference platform's is the bare array. */
  protected override createItems(body: unknown, query: Query, acc: Accountability, res: Response) {
    const versions =
      isPlainObject(body) && Object.keys(body).length === 1 && Array.isArray(body.data) ? body.data : body;
    return super.createItems(versions, query, acc, res);
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
