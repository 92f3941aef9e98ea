import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiData, ApiDoc } from '../../common/openapi/operation';
import { object } from '../../common/openapi/schema-shorthand';
import { ApiAuth, ApiPublic } from '../../common/openapi/security';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ServerService } from './server.service';

const HEALTH = object(
  {
    status: { type: 'string', enum: ['ok', 'warn', 'error'] },
    releaseId: 'string',
    serviceId: 'string',
    checks: { type: 'object', additionalProperties: true },
  },
  { required: ['status'] },
);

@ApiTags('Server')
@Controller('server')
export class ServerController {
  constructor(private readonly server: ServerService) {}

  @Get('ping')
  // The reference's type for the same body; monitors that check it keep working.
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiDoc(
    {
      id: 'serverPing',
      summary: 'Ping',
      description: 'Answers `pong`: the process is up (neither rate-limited nor touching the database).',
    },
    { limits: [] },
  )
  @ApiPublic()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: '`pong`', schema: { type: 'string', example: 'pong' } })
  ping(): string {
    return 'pong';
  }

  @Get('health')
  @ApiDoc(
    {
      id: 'serverHealth',
      summary: 'Check the health',
      description:
        'The state of the database, cache and storage: `{ status }` for everyone, the checks and release for administrators.',
    },
    { limits: [429] },
  )
  @ApiAuth({ anonymous: true })
  @ApiProduces('application/health+json')
  @ApiOkResponse({ description: '`{ status }` for everyone; checks and release for administrators.', schema: HEALTH })
  @ApiServiceUnavailableResponse({ description: 'The database is unreachable (`status: "error"`).', schema: HEALTH })
  async health(@Acc() acc: Accountability, @Res() res: Response): Promise<void> {
    const report = await this.server.health(acc);
    res
      .status(report.status === 'error' ? 503 : 200)
      .setHeader('Content-Type', 'application/health+json; charset=utf-8')
      .setHeader('Cache-Control', 'no-store')
      .send(JSON.stringify(report));
  }

  @Get('info')
  @ApiDoc({
    id: 'serverInfo',
    summary: 'Read the server information',
    description: 'The project’s name, logo and colours for everyone; the version and the limits for signed-in users.',
  })
  @ApiAuth({ anonymous: true })
  @ApiData(
    object({ project: { type: 'object', additionalProperties: true } }, { additionalProperties: true }),
    'Project information; limits and version for signed-in users.',
  )
  async info(@Acc() acc: Accountability) {
    return { data: await this.server.info(acc) };
  }

  @Get('specs/oas')
  @ApiDoc({
    id: 'readOpenApiSpec',
    summary: 'Read the OpenAPI document',
    description:
      'The OpenAPI 3 document of this instance, as the caller sees it: the system routes and the paths and item schemas of the collections the caller may read.',
  })
  @ApiAuth({ anonymous: true })
  @ApiOkResponse({
    description: 'The OpenAPI 3 document of this instance.',
    schema: { type: 'object', additionalProperties: true },
  })
  oas(@Acc() acc: Accountability) {
    return this.server.openApi(acc);
  }
}
