import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Res, Search } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
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
  @ApiOperation({ summary: 'Create a folder, or several from an array (all or nothing)' })
  @ApiBody({ type: CreateFolderDto, description: 'One folder, or an array of folders.' })
  async create(@Body() body: unknown, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
    const create = (item: unknown) => this.folders.parse(CreateFolderDto, item, 'create');
    const dtos = Array.isArray(body) ? await Promise.all(body.map(create)) : await create(body);
    return this.http.written(this.folders.engine(acc), res, query, () =>
      Array.isArray(dtos) ? this.folders.createMany(dtos, acc) : this.folders.createOne(dtos, acc),
    );
  }

  @Patch()
  @ApiOperation({ summary: 'Update several folders: an array of objects with `id`, `{ keys, data }` or `{ query, data }`' })
  update(@Body() body: unknown, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
    return this.http.update(this.folders.engine(acc), res, body, query, this.folders.writer(acc));
  }

  @Patch(':id')
  @ApiBody({ type: UpdateFolderDto })
  async updateOne(@Param('id') id: string, @Body() body: unknown, @ListQuery() query: Query, @Acc() acc: Accountability, @Res({ passthrough: true }) res: Response) {
    const dto = await this.folders.parse(UpdateFolderDto, body, 'update');
    return this.http.written(this.folders.engine(acc), res, query, () => this.folders.updateOne(id, dto, acc));
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete folders: an array of ids, `{ keys }` or `{ query }`' })
  async deleteMany(@Body() body: unknown, @Acc() acc: Accountability): Promise<void> {
    await this.http.delete(this.folders.writer(acc), body);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
    await this.folders.deleteOne(id, acc);
  }
}
