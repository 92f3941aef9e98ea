import { Body, Controller, Delete, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import { itemsRouteDocs } from '../../common/openapi/items-route-docs';
import type { Query } from '../../common/query/query.types';
import { ItemsHttp } from '../items/items-http';
import { itemsReadRoutes } from '../items/items-read-routes';
import { CreateFolderDto, UpdateFolderDto } from './dto/folder.dto';
import { FoldersService } from './folders.service';

const docs = itemsRouteDocs({ many: 'Folders', one: 'Folder', auth: { anonymous: true } });

@ApiTags('Folders')
@Controller('folders')
export class FoldersController extends itemsReadRoutes(docs) {
  constructor(
    private readonly folders: FoldersService,
    protected readonly http: ItemsHttp,
  ) {
    super();
  }

  protected engine(acc: Accountability) {
    return this.folders.engine(acc);
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
