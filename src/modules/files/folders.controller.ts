import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Res, Search } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import type { Query } from '../../common/query/query.types';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ItemsHttp } from '../items/items-http';
import { CreateFolderDto, UpdateFolderDto } from './dto/folder.dto';
import { FoldersService } from './folders.service';

@ApiTags('folders')
@Controller('folders')
export class FoldersController {
  private readonly http: ItemsHttp;

  constructor(
    private readonly folders: FoldersService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.http = new ItemsHttp(config);
  }

  @Get()
  @ApiOperation({ summary: 'List folders (the shared query: fields, filter, sort, search, limit, meta)' })
  list(@ListQuery() query: Query, @Acc() acc: Accountability) {
    return this.http.list(this.folders.engine(acc), query);
  }

  @Search()
  @HttpCode(200)
  search(@ListQuery() query: Query, @Body() body: unknown, @Acc() acc: Accountability) {
    return this.http.search(this.folders.engine(acc), query, body);
  }

  @Get(':id')
  readOne(@Param('id') id: string, @ListQuery() query: Query, @Acc() acc: Accountability) {
    return this.http.readOne(this.folders.engine(acc), id, query);
  }

  @Post()
  @HttpCode(200)
  async create(@Body() dto: CreateFolderDto, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
    return this.http.written(this.folders.engine(acc), res, query, () => this.folders.createOne(dto, acc));
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() dto: UpdateFolderDto, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
    return this.http.written(this.folders.engine(acc), res, query, () => this.folders.updateOne(id, dto, acc));
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
    await this.folders.deleteOne(id, acc);
  }
}
