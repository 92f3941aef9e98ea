import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../common/openapi/operation';
import { ApiAuth, ApiPublic } from '../../common/openapi/security';
import type { Response } from 'express';
import { GraphQLSchema, printSchema } from 'graphql';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { SettingsService } from '../settings/settings.service';
import { ItemsSchema } from './items/items-schema';
import { SystemSchema } from './system-schema';

/**
 * The schemas of POST /graphql (as the caller sees it) and POST /graphql/system in SDL, downloaded as
 * `<project>_<yyyy-MM-dd>.graphql` as the reference platform does (its SDK's readGraphqlSdl reads them).
 */
@ApiTags('Server')
@Controller('server/specs/graphql')
export class GraphqlSdlController {
  constructor(
    private readonly systemSchema: SystemSchema,
    private readonly itemsSchema: ItemsSchema,
    private readonly settings: SettingsService,
  ) {}

  @Get()
  @ApiDoc({
    id: 'readGraphqlSdl',
    summary: 'Read the items GraphQL schema',
    description: 'The schema of `POST /graphql` as the caller may use it, in SDL, as a file download.',
  })
  @ApiAuth({ anonymous: true })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({
    description: "The caller's items GraphQL schema in SDL, as an attachment.",
    schema: { type: 'string', format: 'binary' },
  })
  async items(@Acc() acc: Accountability, @Res() res: Response): Promise<void> {
    await this.send(res, await this.itemsSchema.schemaFor(acc));
  }

  @Get('system')
  @ApiDoc({
    id: 'readGraphqlSdlSystem',
    summary: 'Read the system GraphQL schema',
    description: 'The schema of `POST /graphql/system` in SDL, as a file download.',
  })
  @ApiPublic()
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({
    description: 'The system GraphQL schema in SDL, as an attachment.',
    schema: { type: 'string', format: 'binary' },
  })
  async system(@Res() res: Response): Promise<void> {
    await this.send(res, this.systemSchema.schema);
  }

  private async send(res: Response, schema: GraphQLSchema): Promise<void> {
    const { project_name } = await this.settings.read();
    res.attachment(`${project_name}_${new Date().toISOString().slice(0, 10)}.graphql`);
    res.send(printSchema(schema));
  }
}
