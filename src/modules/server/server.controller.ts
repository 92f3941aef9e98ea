import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ServerService } from './server.service';

@ApiTags('Server')
@Controller('server')
export class ServerController {
  constructor(private readonly server: ServerService) {}

  @Get('ping')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: '`pong`' })
  ping(): string {
    return 'pong';
  }

  @Get('health')
  @ApiOkResponse({ description: '`{ status }` for everyone; checks and release for administrators.' })
  @ApiServiceUnavailableResponse({ description: 'The database is unreachable (`status: "error"`).' })
  async health(@Acc() acc: Accountability, @Res() res: Response): Promise<void> {
    const report = await this.server.health(acc);
    res
      .status(report.status === 'error' ? 503 : 200)
      .setHeader('Content-Type', 'application/health+json; charset=utf-8')
      .setHeader('Cache-Control', 'no-store')
      .send(JSON.stringify(report));
  }

  @Get('info')
  @ApiOkResponse({ description: 'Project information; limits and version for signed-in users.' })
  async info(@Acc() acc: Accountability) {
    return { data: await this.server.info(acc) };
  }

  @Get('specs/oas')
  @ApiOkResponse({ description: 'The OpenAPI 3 document of this instance.' })
  oas(@Acc() acc: Accountability) {
    return this.server.openApi(acc);
  }
}
