import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { itemsRouteDocs } from '../../common/openapi/items-route-docs';
import type { Query } from '../../common/query/query.types';
import { ItemsHttp } from '../items/items-http';
import { itemsWriteRoutes } from '../items/items-write-routes';
import { CreateFolderDto, UpdateFolderDto } from './dto/folder.dto';
import { FoldersService } from './folders.service';

const docs = itemsRouteDocs({ many: 'Folders', one: 'Folder', auth: { anonymous: true } });

@ApiTags('Folders')
@Controller('folders')
export class FoldersController extends itemsWriteRoutes(docs) {
  constructor(
    private readonly folders: FoldersService,
    protected readonly http: ItemsHttp,
  ) {
    super();
  }

  protected engine(acc: Accountability) {
    return this.folders.engine(acc);
  }

  protected override writer(acc: Accountability) {
    return this.folders.writer(acc);
  }

  protected override async createItems(body: unknown, query: Query, acc: Accountability, res: Response) {
    const create = (item: unknown) => this.folders.parse(CreateFolderDto, item, 'create');
    const dtos = Array.isArray(body) ? await Promise.all(body.map(create)) : await create(body);
    return this.http.written(this.engine(acc), res, query, () =>
      Array.isArray(dtos) ? this.folders.createMany(dtos, acc) : this.folders.createOne(dtos, acc),
    );
  }

  protected override async updateItem(id: string, body: unknown, query: Query, acc: Accountability, res: Response) {
    const dto = await this.folders.parse(UpdateFolderDto, body, 'update');
    return this.http.written(this.engine(acc), res, query, () => this.folders.updateOne(id, dto, acc));
  }

  protected override deleteItem(id: string, acc: Accountability) {
    return this.folders.deleteOne(id, acc);
  }
}
