import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, ApiJsonBody } from '../../common/openapi/operation';
import { ApiAuth } from '../../common/openapi/security';
import type { Request, Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { GraphqlRequestDto } from './dto/graphql-request.dto';
import { GraphqlExecutor } from './graphql-executor';
import { ItemsSchema } from './items/items-schema';
import { SystemSchema } from './system-schema';

const GRAPHQL_RESULT = {
  type: 'object' as const,
  properties: {
    data: { type: 'object' as const, additionalProperties: true },
    errors: { type: 'array' as const, items: { type: 'object' as const } },
  },
};

@ApiTags('GraphQL')
@Controller('graphql')
export class GraphqlSystemController {
  constructor(
    private readonly systemSchema: SystemSchema,
    private readonly itemsSchema: ItemsSchema,
    private readonly executor: GraphqlExecutor,
  ) {}

  /** The user collections the caller may use: their items, with the query arguments and permission rules of REST. */
  @Post()
  @HttpCode(200)
  @ApiDoc({
    id: 'graphqlQuery',
    summary: 'Query the items with GraphQL',
    description:
      'A GraphQL query or mutation over the user collections the caller may use (their schema: `GET /server/specs/graphql`).',
  })
  @ApiAuth({ anonymous: true })
  @ApiJsonBody(GraphqlRequestDto, 'The GraphQL document, its variables and operation name.')
  @ApiOkResponse({
    description: '`{ data, errors? }`; errors carry the REST codes in `extensions.code`.',
    schema: GRAPHQL_RESULT,
  })
  async items(
    @Body() dto: GraphqlRequestDto,
    @Acc() acc: Accountability,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.executor.run(await this.itemsSchema.schemaFor(acc), dto, { acc, req, res });
  }

  /** A document that does not parse or validate is 400 GRAPHQL_VALIDATION; resolver errors come back in `errors`. */
  @Post('system')
  @HttpCode(200)
  @ApiDoc({
    id: 'graphqlSystemQuery',
    summary: 'Query the system with GraphQL',
    description:
      'A GraphQL query or mutation over the system collections (users, files, schema, ...); a document that does not parse or validate is 400 GRAPHQL_VALIDATION.',
  })
  @ApiAuth({ anonymous: true })
  @ApiJsonBody(GraphqlRequestDto, 'The GraphQL document, its variables and operation name.')
  @ApiOkResponse({
    description: '`{ data, errors? }`; errors carry the REST codes in `extensions.code`.',
    schema: GRAPHQL_RESULT,
  })
  system(
    @Body() dto: GraphqlRequestDto,
    @Acc() acc: Accountability,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.executor.run(this.systemSchema.schema, dto, { acc, req, res });
  }
}
