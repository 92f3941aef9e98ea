import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { InvalidPayloadError } from '../../common/errors/errors';
import { ImportFileDto } from './dto/import-file.dto';
import { FileEntity } from './entities/file.entity';
import { FilesService } from './files.service';
import { ImportService } from './import.service';
import { parseFileValues } from './lib/file-values';
import { pickFields, serializeRow } from './lib/serialize';
import { readMultipart } from './multipart';

const FILE_FIELDS = [
  'id', 'storage', 'filename_disk', 'filename_download', 'title', 'type', 'folder', 'uploaded_by', 'created_on',
  'modified_by', 'modified_on', 'charset', 'filesize', 'width', 'height', 'duration', 'embed', 'description',
  'location', 'tags', 'metadata', 'focal_point_x', 'focal_point_y', 'tus_id', 'tus_data', 'uploaded_on',
];

function isMultipart(req: Request): boolean {
  return Boolean(req.is('multipart/form-data'));
}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidPayloadError('The body must be a JSON object or multipart/form-data');
  }
  return body as Record<string, unknown>;
}

/** `/files` (API.md 6.2, 6.4). The list and `{ query }` bulk forms are served by the items engine. */
@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(
    private readonly files: FilesService,
    private readonly importer: ImportService,
  ) {}

  private async respond(keys: string[], many: boolean, fields: unknown, acc: Accountability) {
    const rows = await this.files.readMany(keys, acc);
    const data = rows.map((row: FileEntity) => pickFields(serializeRow(row), fields, FILE_FIELDS));
    return { data: many ? data : data[0] };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Upload files (multipart: text fields before each file part apply to it) or create a record without content (JSON, `type` required)' })
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOkResponse({ description: '`{ data: file }`, or `{ data: [files] }` for several' })
  async create(@Req() req: Request, @Query('fields') fields: unknown, @Acc() acc: Accountability) {
    if (isMultipart(req)) {
      const keys = await this.files.uploadParts((onFile) => readMultipart(req, onFile), acc);
      return this.respond(keys, keys.length > 1, fields, acc);
    }
    if (Array.isArray(req.body)) {
      const keys: string[] = [];
      for (const item of req.body) keys.push(await this.files.createOne(parseFileValues(item, { allowId: true }), acc));
      return this.respond(keys, true, fields, acc);
    }
    const key = await this.files.createOne(parseFileValues(objectBody(req.body), { allowId: true }), acc);
    return this.respond([key], false, fields, acc);
  }

  @Post('import')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a file from a URL' })
  @ApiBody({ type: ImportFileDto })
  async import(@Body() dto: ImportFileDto, @Query('fields') fields: unknown, @Acc() acc: Accountability) {
    const key = await this.importer.importUrl(dto.url, parseFileValues(dto.data ?? {}, { allowId: true }), acc);
    return this.respond([key], false, fields, acc);
  }

  @Post(':id/purge-transforms')
  @HttpCode(204)
  @AdminOnly()
  @ApiOperation({ summary: 'Delete the stored transformations of a file (the original stays)' })
  async purgeTransforms(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
    await this.files.deleteVariants(await this.files.readOne(id, acc));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read one file record' })
  async readOne(@Param('id') id: string, @Query('fields') fields: unknown, @Acc() acc: Accountability) {
    const row = await this.files.readOne(id, acc);
    return { data: pickFields(serializeRow(row), fields, FILE_FIELDS) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update file fields (JSON) or replace the content (multipart)' })
  @ApiConsumes('application/json', 'multipart/form-data')
  async updateOne(@Req() req: Request, @Param('id') id: string, @Query('fields') fields: unknown, @Acc() acc: Accountability) {
    if (isMultipart(req)) {
      const keys = await this.files.replaceFromParts(id, (onFile) => readMultipart(req, onFile), acc);
      return this.respond(keys, false, fields, acc);
    }
    const key = await this.files.updateOne(id, parseFileValues(objectBody(req.body), { allowId: false }), acc);
    return this.respond([key], false, fields, acc);
  }

  @Patch()
  @ApiOperation({ summary: 'Update several files: `{ keys, data }` or an array of objects with `id`' })
  async updateMany(@Body() body: unknown, @Query('fields') fields: unknown, @Acc() acc: Accountability) {
    if (Array.isArray(body)) {
      const keys: string[] = [];
      for (const item of body) {
        const { id, ...rest } = objectBody(item);
        if (typeof id !== 'string') throw new InvalidPayloadError('Every object needs its "id"');
        keys.push(await this.files.updateOne(id, parseFileValues(rest, { allowId: false }), acc));
      }
      return this.respond(keys, true, fields, acc);
    }
    const { keys, data } = objectBody(body);
    if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string')) throw new InvalidPayloadError('"keys" must be an array of ids');
    const updated = await this.files.updateMany(keys as string[], parseFileValues(objectBody(data), { allowId: false }), acc);
    return this.respond(updated, true, fields, acc);
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete files, their content and stored transformations: an array of ids or `{ keys }`' })
  async deleteMany(@Body() body: unknown, @Acc() acc: Accountability): Promise<void> {
    const keys = Array.isArray(body) ? body : objectBody(body).keys;
    if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string')) throw new InvalidPayloadError('"keys" must be an array of ids');
    await this.files.deleteMany(keys as string[], acc);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a file, its content and stored transformations' })
  async deleteOne(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
    await this.files.deleteMany([id], acc);
  }
}
