import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AppLogger } from '../../common/logging/app-logger';
import { ApiAssetRead } from './assets-docs';
import { AssetsService } from './assets.service';

/** `GET`/`HEAD /assets/:id[/:filename]` (API.md 6.6, 6.7); Express answers HEAD through the GET route. */
@ApiTags('Assets')
@Controller('assets')
export class AssetsController {
  constructor(
    private readonly assets: AssetsService,
    private readonly logger: AppLogger,
  ) {}

  /** Both routes: the file from the path's `id` (and `filename`, when the route has it), the rest from the request. */
  private async send(req: Request, res: Response, acc: Accountability) {
    // Named segments, no wildcard: each is one string.
    const { id, filename } = req.params as { id: string; filename?: string };
    const header = (name: string) => (typeof req.headers[name] === 'string' ? req.headers[name] : undefined);
    const answer = await this.assets.serve(
      {
        id,
        filename,
        query: req.query,
        range: header('range'),
        accept: header('accept'),
        ifNoneMatch: header('if-none-match'),
        ifModifiedSince: header('if-modified-since'),
        headOnly: req.method === 'HEAD',
      },
      acc,
    );
    res.status(answer.status);
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    if (!answer.body || Buffer.isBuffer(answer.body)) return void res.end(answer.body);
    // pipe() rather than pipeline(): pipeline's abort signal builds an error with a stack on every answer.
    const body = answer.body;
    // The headers are gone by then: the client sees the download cut short, the log says why.
    body.once('error', (err) => {
      this.logger.error({ err, reqId: (req as Request & { id?: string }).id }, 'the asset stream failed');
      res.destroy();
    });
    res.once('close', () => body.destroy());
    body.pipe(res);
  }

  @Get(':id')
  @ApiAssetRead(
    'readAssetRaw',
    'Read a file’s content',
    'The content of a file, or an image transformation of it (a preset `key`, or `width`, `height`, `fit`, `format`, `quality`, `transforms`, ...). `Range` reads part of it; 403 for a file the caller may not read.',
  )
  async get(@Req() req: Request, @Res() res: Response, @Acc() acc: Accountability) {
    await this.send(req, res, acc);
  }

  @Get(':id/:filename')
  @ApiAssetRead(
    'readAssetRawByName',
    'Read a file’s content under a name',
    'As `GET /assets/{id}`, with the name the download gets in the path (SEO-friendly URLs).',
    true,
  )
  async getNamed(@Req() req: Request, @Res() res: Response, @Acc() acc: Accountability) {
    await this.send(req, res, acc);
  }
}
