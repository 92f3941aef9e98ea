import { Controller, Get, Head, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AssetsService } from './assets.service';

/** `GET`/`HEAD /assets/:id[/:filename]` (API.md 6.6, 6.7). */
@ApiTags('assets')
@Controller('assets')
export class AssetsController {
  constructor(private readonly assets: AssetsService) {}

  private async send(req: FastifyRequest, res: FastifyReply, id: string, filename: string | undefined, query: Record<string, unknown>, acc: Accountability) {
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
    const answer = await this.assets.serve(
      {
        id,
        filename,
        query,
        range: header('range'),
        accept: header('accept'),
        ifNoneMatch: header('if-none-match'),
        ifModifiedSince: header('if-modified-since'),
        headOnly: req.method === 'HEAD',
      },
      acc,
    );
    // Fastify pipes the stream and ends the connection if it fails midway (the status line is gone by then).
    return res.code(answer.status).headers(answer.headers).send(answer.body ?? undefined);
  }

  /**
   * HEAD routes of their own, declared before the GET ones: Fastify would otherwise derive them from GET
   * and, the body being left out, answer `Content-Length: 0` instead of the file's size.
   */
  @Head(':id')
  @ApiExcludeEndpoint()
  async head(@Req() req: FastifyRequest, @Res() res: FastifyReply, @Param('id') id: string, @Query() query: Record<string, unknown>, @Acc() acc: Accountability) {
    await this.send(req, res, id, undefined, query, acc);
  }

  @Head(':id/:filename')
  @ApiExcludeEndpoint()
  async headNamed(
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
    @Param('id') id: string,
    @Param('filename') filename: string,
    @Query() query: Record<string, unknown>,
    @Acc() acc: Accountability,
  ) {
    await this.send(req, res, id, filename, query, acc);
  }

  @Get(':id')
  @ApiOperation({ summary: 'The file content or a transformation of it (width, height, fit, quality, format, key, transforms, ...)' })
  @ApiProduces('*/*')
  async get(@Req() req: FastifyRequest, @Res() res: FastifyReply, @Param('id') id: string, @Query() query: Record<string, unknown>, @Acc() acc: Accountability) {
    await this.send(req, res, id, undefined, query, acc);
  }

  @Get(':id/:filename')
  @ApiOperation({ summary: 'Same as /assets/:id, with the download name in the path' })
  @ApiProduces('*/*')
  async getNamed(
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
    @Param('id') id: string,
    @Param('filename') filename: string,
    @Query() query: Record<string, unknown>,
    @Acc() acc: Accountability,
  ) {
    await this.send(req, res, id, filename, query, acc);
  }
}
