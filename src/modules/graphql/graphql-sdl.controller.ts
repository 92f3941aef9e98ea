import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { printSchema } from 'graphql';
import { SettingsService } from '../settings/settings.service';
import { SystemSchema } from './system-schema';

/**
 * The schema of POST /graphql/system in SDL, downloaded as `<project>_<yyyy-MM-dd>.graphql` as the
 * reference platform does (its SDK's readGraphqlSdl('system') reads it). Vellum has no items scope.
 */
@ApiTags('Server')
@Controller('server/specs/graphql')
export class GraphqlSdlController {
  constructor(
    private readonly systemSchema: SystemSchema,
    private readonly settings: SettingsService,
  ) {}

  @Get('system')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The system GraphQL schema in SDL, as an attachment.' })
  async system(@Res() res: Response): Promise<void> {
    const { project_name } = await this.settings.read();
    res.attachment(`${project_name}_${new Date().toISOString().slice(0, 10)}.graphql`);
    res.send(printSchema(this.systemSchema.schema));
  }
}
