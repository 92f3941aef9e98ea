import { Inject, Injectable } from '@nestjs/common';
import { execute, getOperationAST, GraphQLError, GraphQLSchema, parse, validate, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
import { GraphqlValidationError } from '../../common/errors/errors';
import { AppLogger } from '../../common/logging/app-logger';
import { DIALECT, Dialect } from '../../database/dialects/dialect';
import type { GraphqlRequestDto } from './dto/graphql-request.dto';
import { formatGraphqlError } from './format-graphql-error';
import type { GraphqlContext } from './graphql-context';

/**
 * Runs one GraphQL-over-HTTP request against a schema, for /graphql and /graphql/system alike. A
 * document that does not parse or validate is 400 GRAPHQL_VALIDATION; resolver errors come back in
 * `errors` with the REST codes.
 */
@Injectable()
export class GraphqlExecutor {
  constructor(
    private readonly logger: AppLogger,
    @Inject(DIALECT) private readonly dialect: Dialect,
  ) {}

  async run(schema: GraphQLSchema, dto: GraphqlRequestDto, contextValue: GraphqlContext): Promise<ExecutionResult | { data?: unknown; errors: GraphQLFormattedError[] }> {
    let document;
    try {
      document = parse(dto.query);
    } catch (e) {
      if (e instanceof GraphQLError) throw new GraphqlValidationError([{ message: e.message, locations: e.locations }]);
      // graphql-js parses recursively: a document nested thousands of levels deep exhausts the stack.
      if (e instanceof RangeError) throw new GraphqlValidationError([{ message: 'The document is nested too deeply' }]);
      throw e;
    }
    const problems = validate(schema, document);
    if (problems.length > 0) {
      throw new GraphqlValidationError(problems.map((p) => ({ message: p.message, locations: p.locations })));
    }
    // A caller who may change nothing has a schema without mutations: still a finding about the document.
    const operation = getOperationAST(document, dto.operationName);
    if (operation && !schema.getRootType(operation.operation)) {
      throw new GraphqlValidationError([{ message: `This schema has no ${operation.operation} operations` }]);
    }
    const result = await execute({ schema, document, variableValues: dto.variables, operationName: dto.operationName, contextValue });
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
