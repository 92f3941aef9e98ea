import { applyDecorators, Controller, Delete, Head, HttpCode, Options, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../../common/openapi/error-responses';
import { ApiDoc, OperationDoc } from '../../../common/openapi/operation';
import { ApiAuth } from '../../../common/openapi/security';
import type { Request, Response } from 'express';
import type { Accountability } from '../../../common/accountability';
import { Acc } from '../../../common/decorators/acc.decorator';
import { TusService } from './tus.service';

const TUS_RESUMABLE = { name: 'Tus-Resumable', required: true, description: '`1.0.0`' };
const UPLOAD_ID = {
  name: 'id',
  type: String,
  description: 'The upload id, the last segment of the `Location` the creation answered',
};

/** A tus request: the caller's identity (create on files), the protocol header, 403 for someone else's upload, 404 with TUS off. */
/** The bytes of a chunk, as tus sends them (creation-with-upload may send the first one with the creation). */
const ApiChunk = (required: boolean) =>
  applyDecorators(
    ApiConsumes('application/offset+octet-stream'),
    ApiBody({
      required,
      description: 'The bytes of the chunk, from `Upload-Offset` on.',
      schema: { type: 'string', format: 'binary' },
    }),
  );

const tusRoute = (doc: OperationDoc) =>
  applyDecorators(ApiDoc(doc), ApiAuth({ anonymous: true }), ApiErrors(400, 403, 404), ApiHeader(TUS_RESUMABLE));

/**
 * `/files/tus` (API.md "Resumable uploads"): the tus 1.0.0 protocol (creation, creation-with-upload,
 * termination, expiration) when TUS_ENABLED=true; 404 otherwise, as the reference platform. The tus
 * server writes the answers itself.
 */
@ApiTags('Files')
@Controller('files/tus')
export class TusController {
  constructor(private readonly tus: TusService) {}

  @Post()
  @HttpCode(201)
  @tusRoute({
    id: 'createTusUpload',
    summary: 'Start a resumable upload (tus)',
    description:
      '`Upload-Metadata` carries `filename`, `filetype`, file fields (`title`, `folder`, ...) and `replace_id` to replace a file. Needs create permission on files (update with `replace_id`).',
  })
  @ApiHeader({
    name: 'Upload-Length',
    required: false,
    description: 'Total size in bytes (or `Upload-Defer-Length: 1`)',
  })
  @ApiHeader({ name: 'Upload-Metadata', required: false, description: 'Comma-separated `key base64value` pairs' })
  @ApiResponse({ status: 201, description: 'Created; `Location` names the upload' })
  @ApiErrors(413)
  @ApiChunk(false)
  create(@Req() req: Request, @Res() res: Response, @Acc() acc: Accountability): Promise<void> {
    return this.tus.handle(req, res, acc);
  }

  @Head(':id')
  @tusRoute({
    id: 'readTusUploadOffset',
    summary: 'Read the offset of a resumable upload',
    description: 'The offset in `Upload-Offset` and the length in `Upload-Length`; the uploader only.',
  })
  @ApiParam(UPLOAD_ID)
  @ApiResponse({ status: 200, description: "The upload's offset in `Upload-Offset`" })
  offset(@Req() req: Request, @Res() res: Response, @Acc() acc: Accountability): Promise<void> {
    return this.tus.handle(req, res, acc);
  }

  @Patch(':id')
  @HttpCode(204)
  @tusRoute({
    id: 'appendTusUpload',
    summary: 'Append a chunk to a resumable upload',
    description:
      'The chunk (`Content-Type: application/offset+octet-stream`) at `Upload-Offset`; the last one creates the file, named in `Directus-File-Id` (the reference platform header) and `Vellum-File-Id`. The uploader only.',
  })
  @ApiErrors(413)
  @ApiChunk(true)
  @ApiHeader({ name: 'Upload-Offset', required: true, description: 'Where the chunk starts' })
  @ApiParam(UPLOAD_ID)
  @ApiResponse({ status: 204, description: 'Stored; the new offset in `Upload-Offset`' })
  append(@Req() req: Request, @Res() res: Response, @Acc() acc: Accountability): Promise<void> {
    return this.tus.handle(req, res, acc);
  }

  @Delete(':id')
  @HttpCode(204)
  @tusRoute({
    id: 'deleteTusUpload',
    summary: 'Abandon a resumable upload',
    description: 'tus termination: the partial upload is removed. The uploader only.',
  })
  @ApiParam(UPLOAD_ID)
  @ApiResponse({ status: 204, description: 'Removed' })
  terminate(@Req() req: Request, @Res() res: Response, @Acc() acc: Accountability): Promise<void> {
    return this.tus.handle(req, res, acc);
  }

  @Options(':id')
  @HttpCode(204)
  @ApiDoc({
    id: 'readTusCapabilities',
    summary: "Read the tus server's capabilities",
    description: '`Tus-Version`, `Tus-Extension` and `Tus-Max-Size`; 404 with TUS off.',
  })
  @ApiAuth({ anonymous: true })
  @ApiErrors(404)
  @ApiParam(UPLOAD_ID)
  @ApiResponse({ status: 204, description: 'The capabilities, in headers' })
  capabilities(@Req() req: Request, @Res() res: Response, @Acc() acc: Accountability): Promise<void> {
    return this.tus.handle(req, res, acc);
  }
}
