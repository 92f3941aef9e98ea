import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import type { Query } from '../../common/query/query.types';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ItemsHttp } from '../items/items-http';
import { SharesService } from './shares.service';

/** The routes of `/shares` beyond the standard ones: creation (with the right to share) and the public info. */
@ApiTags('shares')
@ApiBearerAuth()
@Controller('shares')
export class SharesController {
  private readonly http: ItemsHttp;

  constructor(
    private readonly shares: SharesService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.http = new ItemsHttp(config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create one share (object body) or many (array); non-admins need a share rule on the item\'s collection' })
  @ApiBody({ description: '{ collection, item, role?, name?, password?, date_start?, date_end?, max_uses? }' })
  create(@Body() body: unknown, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
    return this.http.written(this.shares.for(acc), res, query, () => this.shares.create(body, acc));
  }

  @Get('info/:id')
  @ApiOperation({ summary: 'What the holder of a share link may know before using it; 403 once the share is closed' })
  async info(@Param('id') id: string) {
    return { data: await this.shares.info(id) };
  }
}
