import { Controller, Delete, Head, HttpCode, Options, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Accountability } from '../../../common/accountability';
import { Acc } from '../../../common/decorators/acc.decorator';
import { TusService } from './tus.service';

const TUS_RESUMABLE = { name: 'Tus-Resumable', required: true, description: '`1.0.0`' };
const UPLOAD_ID = { name: 'id', description: 'The upload id, the last segment of the `Location` the creation answered' };

/**
 * `/files/tus` (API.md "Resumable uploads"): the tus 1.0.0 protocol (creation, creation-with-upload,
 * termination, expiration) when TUS_ENABLED=true; 404 otherwise, as the reference platform. The tus
 * server writes the answers itself.
 */
@ApiTags('files')
@Controller('files/tus')
export class TusController {
  constructor(private readonly tus: TusService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Start a resumable upload (tus). `Upload-Metadata` carries `filename`, `filetype`, file fields (`title`, `folder`, ...) and `replace_id` to replace a file',
  })
  @ApiHeader(TUS_RESUMABLE)
  @ApiHeader({ name: 'Upload-Length', required: false, description: 'Total size in bytes (or `Upload-Defer-Length: 1`)' })
  @ApiHeader({ name: 'Upload-Metadata', required: false, description: 'Comma-separated `key base64value` pairs' })
  @ApiResponse({ status: 201, description: 'Created; `Location` names the upload' })
  @ApiResponse({ status: 413, description: 'Larger than FILES_MAX_UPLOAD_SIZE' })
  create(@Req() req: Request, @Res() res: Response, @Acc() acc: Accountability): Promise<void> {
    return this.tus.handle(req, res, acc);
  }

  @Head(':id')
  @ApiOperation({ summary: 'Offset of a resumable upload (`Upload-Offset`, `Upload-Length`)' })
  @ApiHeader(TUS_RESUMABLE)
  @ApiParam(UPLOAD_ID)
  @ApiResponse({ status: 200, description: 'The upload\'s offset in `Upload-Offset`' })
  offset(@Param('id') _id: string, @Req() req: Request, @Res() res: Response, @Acc() acc: Accountability): Promise<void> {
    return this.tus.handle(req, res, acc);
  }

  @Patch(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Append a chunk (`Content-Type: application/offset+octet-stream`) at `Upload-Offset`; the last one creates the file, named in `Vellum-File-Id`',
  })
  @ApiHeader(TUS_RESUMABLE)
  @ApiHeader({ name: 'Upload-Offset', required: true, description: 'Where the chunk starts' })
  @ApiParam(UPLOAD_ID)
  @ApiResponse({ status: 204, description: 'Stored; the new offset in `Upload-Offset`' })
  append(@Param('id') _id: string, @Req() req: Request, @Res() res: Response, @Acc() acc: Accountability): Promise<void> {
    return this.tus.handle(req, res, acc);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Abandon a resumable upload (tus termination)' })
  @ApiHeader(TUS_RESUMABLE)
  @ApiParam(UPLOAD_ID)
  terminate(@Param('id') _id: string, @Req() req: Request, @Res() res: Response, @Acc() acc: Accountability): Promise<void> {
    return this.tus.handle(req, res, acc);
  }

  @Options(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'The tus server\'s capabilities (`Tus-Version`, `Tus-Extension`, `Tus-Max-Size`)' })
  @ApiParam(UPLOAD_ID)
  capabilities(@Param('id') _id: string, @Req() req: Request, @Res() res: Response, @Acc() acc: Accountability): Promise<void> {
    return this.tus.handle(req, res, acc);
  }
}
