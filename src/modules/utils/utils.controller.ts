import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
import { UTILS_DOCS as docs } from './utils-docs';

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
  @docs.generateHash()
  async generateHash(@Body() dto: GenerateHashDto) {
    return { data: await this.utils.generateHash(dto.string) };
  }

  @Post('hash/verify')
  @HttpCode(200)
  @docs.verifyHash()
  async verifyHash(@Body() dto: VerifyHashDto) {
    return { data: await this.utils.verifyHash(dto.string, dto.hash) };
  }

  @Get('random/string')
  @docs.randomString()
  randomString(@Query() query: RandomStringQueryDto) {
    return { data: this.utils.randomString(query.length) };
  }

  @Post('cache/clear')
  @HttpCode(200)
  @AdminOnly()
  @docs.clearCache()
  async clearCache(@Query() query: ClearCacheQueryDto, @Acc() acc: Accountability): Promise<void> {
    await this.utils.clearCache(acc, query.system !== undefined);
  }

  @Post('sort/:collection')
  @HttpCode(200)
  @docs.sort()
  async sort(
    @Param('collection') collection: string,
    @Body() dto: SortItemsDto,
    @Acc() acc: Accountability,
  ): Promise<void> {
    await this.sorter.sort(collection, acc, dto.item, dto.to);
  }

  @Post('revert/:revision')
  @HttpCode(204)
  @docs.revert()
  async revert(@Param('revision') revision: string, @Acc() acc: Accountability): Promise<void> {
    await this.reverter.revert(revision, acc);
  }

  @Post('import/:collection')
  @HttpCode(200)
  @UseInterceptors(ImportUploadInterceptor)
  @docs.import()
  async import(
    @Param('collection') collection: string,
    @Req() req: Request,
    @Acc() acc: Accountability,
  ): Promise<{ data: unknown } | void> {
    const [outcome] = streamedResults<ImportPartOutcome>(req);
    if (outcome === undefined) {
      // Nothing was imported: permissions first, as for a multipart body, then what is wrong with the body.
      await this.importer.assertCanImport(collection, acc);
      if (!req.is('multipart/form-data'))
        throw new UnsupportedMediaTypeError(req.headers['content-type']?.split(';')[0].trim() || 'none', 'request');
      throw new InvalidPayloadError('The request has no file part');
    }
    if (outcome !== 'skipped' && outcome.job) return { data: outcome.job };
  }

  @Post('export/:collection')
  @HttpCode(204)
  @docs.export()
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
  @docs.listJobs()
  async listJobs(@Query() query: ListJobsQueryDto, @Acc() acc: Accountability) {
    return { data: await this.jobs.readMine(acc, query.limit ?? 100) };
  }

  @Get('jobs/:id')
  @docs.readJob()
  async readJob(@Param('id') id: string, @Acc() acc: Accountability) {
    return { data: await this.jobs.readOne(id, acc) };
  }
}
