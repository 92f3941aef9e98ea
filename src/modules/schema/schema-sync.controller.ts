import { Controller, Get, HttpCode, Post, Query, Req, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { InvalidQueryError } from '../../common/errors/errors';
import { ApiErrors } from '../../common/openapi/error-responses';
import { ApiData, ApiDoc, envelope } from '../../common/openapi/operation';
import { ApiQueryParams } from '../../common/openapi/query-parameters';
import { ApiBodyRef } from '../../common/openapi/request-bodies';
import { attachmentDisposition, exportFileName } from '../../common/http/attachment';
import { parseFlag } from '../../common/query/parse-flag';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS, isExportFormat } from '../../common/export/export-formats';
import { serializeSnapshot } from './lib/serialize-snapshot';
import { readSchemaBody } from './read-schema-body';
import { SchemaUploadInterceptor } from './schema-upload.interceptor';
import { SchemaSyncService } from './schema-sync.service';

function parseMode(value: unknown): 'mirror' | 'merge' {
  if (value === undefined || value === 'mirror') return 'mirror';
  if (value === 'merge') return 'merge';
  throw new InvalidQueryError('"mode" must be "mirror" or "merge"');
}

@ApiTags('Schema')
@AdminOnly()
@Controller('schema')
export class SchemaSyncController {
  constructor(private readonly sync: SchemaSyncService) {}

  @Get('snapshot')
  @ApiDoc({
    id: 'schemaSnapshot',
    summary: 'Take a schema snapshot',
    description:
      'The user schema (collections, fields, relations) as a snapshot, for `POST /schema/diff` on another instance; `export` answers it as a file.',
  })
  @ApiQueryParams('Export')
  @ApiData('SchemaSnapshot', '`{ data: snapshot }`, or the snapshot file with `export`.')
  @ApiErrors(400)
  async snapshot(@Query('export') format: unknown) {
    const data = this.sync.snapshot();
    if (format === undefined) return { data };
    if (!isExportFormat(format)) throw new InvalidQueryError(`"export" must be one of ${EXPORT_FORMATS.join(', ')}`);
    const { contentType, extension } = EXPORT_FORMAT_INFO[format];
    return new StreamableFile(Buffer.from(await serializeSnapshot(data, format), 'utf8'), {
      type: contentType,
      disposition: attachmentDisposition(exportFileName(null, extension, new Date())),
    });
  }

  @Post('diff')
  @UseInterceptors(SchemaUploadInterceptor)
  @HttpCode(200)
  @ApiDoc({
    id: 'schemaDiff',
    summary: 'Compare a snapshot with the schema',
    description:
      'What must change to turn this schema into the posted snapshot (JSON, or a JSON/YAML file upload); its `data` is the body of `POST /schema/apply`. 415 for another content type.',
  })
  @ApiBodyRef('SchemaSnapshotBody')
  @ApiQuery({
    name: 'force',
    required: false,
    type: Boolean,
    description: 'Diff a snapshot of another version or database vendor',
  })
  @ApiQuery({ name: 'mode', required: false, enum: ['mirror', 'merge'], description: '`merge` leaves deletions out' })
  @ApiData('SchemaDiff', '`{ data: { hash, diff } }`')
  @ApiNoContentResponse({ description: 'Nothing differs' })
  async diff(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query('force') force: unknown,
    @Query('mode') mode: unknown,
  ) {
    const options = { force: parseFlag(force, 'force'), mode: parseMode(mode) };
    const result = this.sync.diff(await readSchemaBody(req), options);
    if (!result) {
      res.status(204);
      return;
    }
    return { data: result };
  }

  @Post('apply')
  @UseInterceptors(SchemaUploadInterceptor)
  @HttpCode(204)
  @ApiDoc({
    id: 'schemaApply',
    summary: 'Apply a schema diff',
    description:
      'Applies a diff made by `POST /schema/diff` (JSON, or a JSON/YAML file upload), step by step; refused when the schema changed since the diff, unless `force`. 415 for another content type.',
  })
  @ApiBodyRef('SchemaDiffBody')
  @ApiQuery({
    name: 'force',
    required: false,
    type: Boolean,
    description: 'Skip the check that the schema did not change since the diff',
  })
  @ApiQuery({
    name: 'dry_run',
    required: false,
    type: Boolean,
    description: 'Answer the ordered plan and change nothing',
  })
  @ApiNoContentResponse({ description: 'Applied (or nothing to apply)' })
  @ApiOkResponse({
    description: 'With `dry_run`: `{ data: [step] }`, the ordered plan.',
    schema: envelope({ type: 'array', items: { type: 'object' } }),
  })
  async apply(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query('force') force: unknown,
    @Query('dry_run') dryRun: unknown,
  ) {
    const options = { force: parseFlag(force, 'force'), dryRun: parseFlag(dryRun, 'dry_run') };
    const plan = await this.sync.apply(await readSchemaBody(req), options);
    if (!options.dryRun) return;
    res.status(200);
    return { data: plan };
  }
}
