import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiQuery,
  ApiRequestTimeoutResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { InvalidPayloadError, UnsupportedMediaTypeError } from '../../common/errors/errors';
import { streamedResults } from '../../common/http/multipart/multipart.interceptor';
import { ClearCacheQueryDto } from './dto/clear-cache-query.dto';
import { ExportItemsDto } from './dto/export-items.dto';
import { SortItemsDto } from './dto/sort-items.dto';
import { DataExportService } from './data-export.service';
import { DataImportService } from './data-import.service';
import { ImportPartOutcome, ImportUploadInterceptor } from './import-upload.interceptor';
import { SortService } from './sort.service';
import { GenerateHashDto } from './dto/generate-hash.dto';
import { ListJobsQueryDto } from './dto/list-jobs-query.dto';
import { RandomStringQueryDto } from './dto/random-string-query.dto';
import { VerifyHashDto } from './dto/verify-hash.dto';
import { JobsService } from './jobs.service';
import { RevertService } from './revert.service';
import { UtilsService } from './utils.service';

@ApiTags('Utilities')
@Controller('utils')
export class UtilsController {
  constructor(
    private readonly utils: UtilsService,
    private readonly jobs: JobsService,
    private readonly sorter: SortService,
    private readonly importer: DataImportService,
    private readonly exporter: DataExportService,
    private readonly reverter: RevertService,
  ) {}

  @Post('hash/generate')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{ data: "$argon2id$..." }`' })
  @ApiBadRequestResponse({ description: '`string` missing or empty (INVALID_PAYLOAD).' })
  async generateHash(@Body() dto: GenerateHashDto) {
    return { data: await this.utils.generateHash(dto.string) };
  }

  @Post('hash/verify')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{ data: true | false }`' })
  @ApiBadRequestResponse({ description: 'A field is missing, or `hash` is not an argon2 hash (INVALID_PAYLOAD).' })
  async verifyHash(@Body() dto: VerifyHashDto) {
    return { data: await this.utils.verifyHash(dto.string, dto.hash) };
  }

  @Get('random/string')
  @ApiOkResponse({ description: '`{ data: "<random URL-safe string>" }`' })
  @ApiBadRequestResponse({ description: '`length` outside 1..500 (INVALID_QUERY).' })
  randomString(@Query() query: RandomStringQueryDto) {
    return { data: this.utils.randomString(query.length) };
  }

  @Post('cache/clear')
  @HttpCode(200)
  @AdminOnly()
  @ApiOkResponse({ description: 'Empty body.' })
  async clearCache(@Query() query: ClearCacheQueryDto, @Acc() acc: Accountability): Promise<void> {
    await this.utils.clearCache(acc, query.system !== undefined);
  }

  @Post('sort/:collection')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Empty body: `item` now has the place of `to`, the rows between shifted.' })
  @ApiBadRequestResponse({ description: 'The collection has no sort field, or `item`/`to` missing (INVALID_PAYLOAD).' })
  @ApiForbiddenResponse({ description: 'No update permission, unknown collection or item (FORBIDDEN).' })
  async sort(@Param('collection') collection: string, @Body() dto: SortItemsDto, @Acc() acc: Accountability): Promise<void> {
    await this.sorter.sort(collection, acc, dto.item, dto.to);
  }

  @Post('revert/:revision')
  @HttpCode(204)
  @ApiNoContentResponse({ description: "The revision's item has the revision's data back." })
  @ApiBadRequestResponse({ description: 'The revision holds no data, or is of a system collection with write rules of its own (INVALID_PAYLOAD).' })
  @ApiForbiddenResponse({ description: 'Unknown revision, or no read permission on it or no update permission on its item (FORBIDDEN).' })
  async revert(@Param('revision') revision: string, @Acc() acc: Accountability): Promise<void> {
    await this.reverter.revert(revision, acc);
  }

  @Post('import/:collection')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
    description: 'One file part: `application/json` (a top-level array) or `text/csv` / `application/vnd.ms-excel` (a header row).',
  })
  @ApiQuery({ name: 'background', required: false, type: Boolean, description: 'Answer at once with the job; the import runs after.' })
  @ApiOkResponse({
    description:
      'Empty body once every row is written. With `background=true`: `{ data: job }` at once (the job of ' +
      '`GET /utils/jobs/:id`, status `running`), the import runs afterwards and the job records its rows and errors.',
  })
  @ApiBadRequestResponse({ description: 'Malformed file, or rows that fail: one error per code and field, `extensions.rows` naming the lines. Nothing is written.' })
  @ApiForbiddenResponse({
    description:
      'No create or update permission on the collection, or unknown collection (FORBIDDEN); ' +
      '`IMPORT_MAX_CONCURRENCY` imports already running on this instance (LIMIT_EXCEEDED).',
  })
  @ApiRequestTimeoutResponse({ description: 'The import took longer than `IMPORT_TIMEOUT` (OUT_OF_TIME). Nothing is written.' })
  @ApiUnsupportedMediaTypeResponse({ description: 'The request is not multipart, or the file part is neither JSON nor CSV.' })
  @UseInterceptors(ImportUploadInterceptor)
  async import(@Param('collection') collection: string, @Req() req: Request, @Acc() acc: Accountability): Promise<{ data: unknown } | void> {
    const [outcome] = streamedResults<ImportPartOutcome>(req);
    if (outcome === undefined) {
      // Nothing was imported: permissions first, as for a multipart body, then what is wrong with the body.
      await this.importer.assertCanImport(collection, acc);
      if (!req.is('multipart/form-data')) throw new UnsupportedMediaTypeError(req.headers['content-type']?.split(';')[0].trim() || 'none', 'request');
      throw new InvalidPayloadError('The request has no file part');
    }
    if (outcome !== 'skipped' && outcome.job) return { data: outcome.job };
  }

  @Post('export/:collection')
  @HttpCode(204)
  @ApiNoContentResponse({
    description:
      'The export runs after the answer; `Location` names its job (`GET /utils/jobs/:id`), which shows the rows ' +
      'written and, once done, the id of the new file in the file library.',
  })
  @ApiBadRequestResponse({ description: '`format` or `query` missing or invalid, or bad `file` fields (INVALID_PAYLOAD / INVALID_QUERY).' })
  @ApiForbiddenResponse({
    description: 'Unknown collection, or no read permission on it or no create permission on files, anonymous callers included (FORBIDDEN). No job is started.',
  })
  async export(
    @Param('collection') collection: string,
    @Body() dto: ExportItemsDto,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const job = await this.exporter.start(collection, acc, dto.format, dto.query, dto.file);
    res.setHeader('Location', `/utils/jobs/${job.id}`);
  }

  @Get('jobs')
  @ApiOkResponse({ description: "`{ data: [job] }`: the caller's import and export jobs, newest first." })
  @ApiForbiddenResponse({ description: 'Anonymous caller (FORBIDDEN).' })
  async listJobs(@Query() query: ListJobsQueryDto, @Acc() acc: Accountability) {
    return { data: await this.jobs.readMine(acc, query.limit ?? 100) };
  }

  @Get('jobs/:id')
  @ApiOkResponse({ description: '`{ data: job }`: state, rows done, errors and, for exports, the file id.' })
  @ApiForbiddenResponse({ description: "Unknown job, or another user's (FORBIDDEN)." })
  async readJob(@Param('id') id: string, @Acc() acc: Accountability) {
    return { data: await this.jobs.readOne(id, acc) };
  }
}
