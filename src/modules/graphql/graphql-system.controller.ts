import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { execute, GraphQLError, parse, validate } from 'graphql';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { GraphqlValidationError } from '../../common/errors/errors';
import { AppLogger } from '../../common/logging/app-logger';
import { DIALECT, Dialect } from '../../database/dialects/dialect';
import { GraphqlRequestDto } from './dto/graphql-request.dto';
import { formatGraphqlError } from './format-graphql-error';
import type { GraphqlContext } from './graphql-context';
import { SystemSchema } from './system-schema';

@ApiTags('GraphQL')
@ApiBearerAuth()
@Controller('graphql')
export class GraphqlSystemController {
  constructor(
    private readonly systemSchema: SystemSchema,
    private readonly logger: AppLogger,
    @Inject(DIALECT) private readonly dialect: Dialect,
  ) {}

  /** A document that does not parse or validate is 400 GRAPHQL_VALIDATION; resolver errors come back in `errors`. */
  @Post('system')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{ data, errors? }`; errors carry the REST codes in `extensions.code`.' })
  async system(
    @Body() dto: GraphqlRequestDto,
    @Acc() acc: Accountability,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    let document;
    try {
      document = parse(dto.query);
    } catch (e) {
      if (e instanceof GraphQLError) throw new GraphqlValidationError([{ message: e.message, locations: e.locations }]);
      // graphql-js parses recursively: a document nested thousands of levels deep exhausts the stack.
      if (e instanceof RangeError) throw new GraphqlValidationError([{ message: 'The document is nested too deeply' }]);
      throw e;
    }
    const problems = validate(this.systemSchema.schema, document);
    if (problems.length > 0) {
      throw new GraphqlValidationError(problems.map((p) => ({ message: p.message, locations: p.locations })));
    }
    const contextValue: GraphqlContext = { acc, req, res };
    const result = await execute({
      schema: this.systemSchema.schema,
      document,
      variableValues: dto.variables,
      operationName: dto.operationName,
      contextValue,
    });
    if (!result.errors) return result;
    return {
      ...result,
      errors: result.errors.map((error) =>
        formatGraphqlError(
          error,
          (err) => this.logger.error({ err }, 'unexpected error in a GraphQL resolver'),
          (err) => this.dialect.translateError(err),
        ),
      ),
    };
  }
}
