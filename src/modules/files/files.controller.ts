import { Body, Controller, HttpCode, Param, Patch, Post, Res, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import { InvalidPayloadError } from '../../common/errors/errors';
import { streamedResults } from '../../common/http/multipart/multipart.interceptor';
import { isPlainObject } from '../../common/is-plain-object';
import type { Query } from '../../common/query/query.types';
import { ItemsHttp } from '../items/items-http';
import { itemsWriteRoutes } from '../items/items-write-routes';
import { ImportFileDto } from './dto/import-file.dto';
import { FILES_DOCS as docs } from './files-docs';
import { FilesService } from './files.service';
import { ImportService } from './import.service';
import { FileReplaceInterceptor, FileUploadsInterceptor } from './file-upload.interceptors';

function isMultipart(req: Request): boolean {
  return Boolean(req.is('multipart/form-data'));
}

/** The ids of the files a multipart body stored (FileUploadsInterceptor, FileReplaceInterceptor); at least one. */
function uploadedKeys(req: Request): string[] {
  const keys = streamedResults<string>(req);
  if (keys.length === 0) throw new InvalidPayloadError('No file was included in the body');
  return keys;
}

/**
 * `/files` (API.md 6.2, 6.4): reads and the batch forms of API.md 1.7 through the items engine, like
 * every list; uploads and writes keep the file rules of FilesService.
 */
@ApiTags('Files')
@Controller('files')
export class FilesController extends itemsWriteRoutes(docs) {
  constructor(
    private readonly files: FilesService,
    private readonly importer: ImportService,
    protected readonly http: ItemsHttp,
  ) {
    super();
  }

  protected engine(acc: Accountability) {
    return this.files.engine(acc);
  }

  @Post()
  @HttpCode(200)
  @docs.upload()
  @UseInterceptors(FileUploadsInterceptor)
  // The base route's parameters (Nest merges an overriding route's with them); the multipart body is read
  // from the request behind `res`.
  override async create(
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    const req = res.req;
    const service = this.engine(acc);
    if (isMultipart(req)) {
      const keys = uploadedKeys(req);
      // The files are stored by now: a read-back query that fails must not leave them behind.
      return this.http
        .written(service, res, query, () => Promise.resolve(keys.length > 1 ? keys : keys[0]))
        .catch(async (e: unknown) => {
          await this.files.deleteMany(keys, { ...acc, admin: true }).catch(() => undefined);
          throw e;
        });
    }
    if (Array.isArray(body)) {
      return this.http.written(service, res, query, () =>
        this.files.createMany(
          body.map((item) => this.files.values(item, 'create')),
          acc,
        ),
      );
    }
    if (!isPlainObject(body)) throw new InvalidPayloadError('The body must be a JSON object or multipart/form-data');
    return this.http.written(service, res, query, () => this.files.createOne(this.files.values(body, 'create'), acc));
  }

  @Post('import')
  @HttpCode(200)
  @docs.import()
  async import(
    @Body() dto: ImportFileDto,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.http.written(this.engine(acc), res, query, () =>
      this.importer.importUrl(dto.url, this.files.values(dto.data ?? {}, 'create'), acc),
    );
  }

  @Post(':id/purge-transforms')
  @HttpCode(204)
  @AdminOnly()
  @docs.purgeTransforms()
  async purgeTransforms(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
    await this.files.deleteVariants(await this.files.readOne(id, acc));
  }

  @Patch(':id')
  @docs.updateOne()
  @UseInterceptors(FileReplaceInterceptor)
  override async updateOne(
    @Param('id') id: string,
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    const req = res.req;
    if (!isMultipart(req)) return this.updateItem(id, body, query, acc, res);
    const [key] = uploadedKeys(req);
    return this.http.written(this.engine(acc), res, query, () => Promise.resolve(key));
  }

  protected override writer(acc: Accountability) {
    return this.files.writer(acc);
  }

  protected override deleteItem(id: string, acc: Accountability) {
    return this.files.deleteMany([id], acc);
  }
}
