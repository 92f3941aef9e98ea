import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res, Search } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import { itemsRouteDocs } from '../../common/openapi/items-route-docs';
import { ApiSearchRoute } from '../../common/openapi/operation';
import type { Query } from '../../common/query/query.types';
import { ItemsHttp } from '../items/items-http';
import { CreateFolderDto, UpdateFolderDto } from './dto/folder.dto';
import { FoldersService } from './folders.service';

const docs = itemsRouteDocs({ many: 'Folders', one: 'Folder', auth: { anonymous: true } });

@ApiTags('Folders')
@Controller('folders')
export class FoldersController {
  constructor(
    private readonly folders: FoldersService,
    private readonly http: ItemsHttp,
  ) {}

  @Get()
  @docs.list()
  list(@ListQuery() query: Query, @Acc() acc: Accountability) {
    return this.http.list(this.folders.engine(acc), query);
  }

  @Search()
  @HttpCode(200)
  @ApiSearchRoute()
  search(@ListQuery() query: Query, @Body() body: unknown, @Acc() acc: Accountability) {
    return this.http.search(this.folders.engine(acc), query, body);
  }

  @Get(':id')
  @docs.read()
  readOne(@Param('id') id: string, @ListQuery() query: Query, @Acc() acc: Accountability) {
    return this.http.readOne(this.folders.engine(acc), id, query);
  }

  @Post()
  @HttpCode(200)
  @docs.create()
  async create(
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    const create = (item: unknown) => this.folders.parse(CreateFolderDto, item, 'create');
    const dtos = Array.isArray(body) ? await Promise.all(body.map(create)) : await create(body);
    return this.http.written(this.folders.engine(acc), res, query, () =>
      Array.isArray(dtos) ? this.folders.createMany(dtos, acc) : this.folders.createOne(dtos, acc),
    );
  }

  @Patch()
  @docs.update()
  update(
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.http.update(this.folders.engine(acc), res, body, query, this.folders.writer(acc));
  }

  @Patch(':id')
  @docs.updateOne()
  async updateOne(
    @Param('id') id: string,
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    const dto = await this.folders.parse(UpdateFolderDto, body, 'update');
    return this.http.written(this.folders.engine(acc), res, query, () => this.folders.updateOne(id, dto, acc));
  }

  @Delete()
  @HttpCode(204)
  @docs.remove()
  async deleteMany(@Body() body: unknown, @Acc() acc: Accountability): Promise<void> {
    await this.http.delete(this.folders.writer(acc), body);
  }

  @Delete(':id')
  @HttpCode(204)
  @docs.removeOne()
  async delete(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
    await this.folders.deleteOne(id, acc);
  }
}
