import { Inject, Injectable } from '@nestjs/common';
import {
  execute,
  getOperationAST,
  GraphQLError,
  GraphQLSchema,
  OperationTypeNode,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type FormattedExecutionResult,
  type SourceLocation,
  type ValidationRule,
} from 'graphql';
import { GraphqlValidationError } from '../../common/errors/errors';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { DIALECT, Dialect } from '../../database/dialects/dialect';
import type { GraphqlRequestDto } from './dto/graphql-request.dto';
import { executeFlat, flatQueryOf } from './flat-query';
import { formatGraphqlError } from './format-graphql-error';
import type { GraphqlContext } from './graphql-context';
import { documentLimitRules } from './limits/document-limits';
import { ValidDocuments } from './valid-documents';

type Problem = { message: string; locations?: readonly SourceLocation[] };

/** Valid documents kept per schema, and the longest text kept: about a megabyte at most per schema. */
const VALID_DOCUMENTS = 64;
const VALID_DOCUMENT_LENGTH = 4096;

/**
 * Runs one GraphQL-over-HTTP request against a schema, for /graphql and /graphql/system alike. A
 * document that does not parse or validate is 400 GRAPHQL_VALIDATION; resolver errors come back in
 * `errors` with the REST codes.
 */
@Injectable()
export class GraphqlExecutor {
  private readonly limitRules: ValidationRule[];
  private readonly valid = new ValidDocuments(VALID_DOCUMENTS, VALID_DOCUMENT_LENGTH);

  constructor(
    private readonly logger: AppLogger,
    @Inject(DIALECT) private readonly dialect: Dialect,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.limitRules = documentLimitRules(config.graphql);
  }

  async run(
    schema: GraphQLSchema,
    dto: GraphqlRequestDto,
    contextValue: GraphqlContext,
  ): Promise<FormattedExecutionResult> {
    const checked = this.check(schema, dto.query, dto.operationName, 'http');
    if ('problems' in checked) throw new GraphqlValidationError(checked.problems);
    const flat = flatQueryOf(schema, checked.document, dto.operationName);
    const answered = flat && (await executeFlat(schema, flat, dto.variables, contextValue));
    if (answered) return answered;
    return this.format(
      await execute({
        schema,
        document: checked.document,
        variableValues: dto.variables,
        operationName: dto.operationName,
        contextValue,
      }),
    );
  }

  /** A document parsed and valid against `schema` for the transport, or what is wrong with it. */
  check(
    schema: GraphQLSchema,
    query: string,
    operationName: string | null | undefined,
    transport: 'http' | 'ws',
  ): { document: DocumentNode } | { problems: Problem[] } {
    let document = this.valid.get(schema, query);
    if (!document) {
      const checked = this.parseAndValidate(schema, query);
      if ('problems' in checked) return checked;
      document = checked.document;
      this.valid.remember(schema, query, document);
    }
    // A caller who may change nothing has a schema without mutations: still a finding about the document.
    const operation = getOperationAST(document, operationName);
    if (operation && !schema.getRootType(operation.operation))
      return { problems: [{ message: `This schema has no ${operation.operation} operations` }] };
    if (operation?.operation === OperationTypeNode.SUBSCRIPTION && transport === 'http')
      return { problems: [{ message: 'Subscriptions are served over WebSocket only' }] };
    return { document };
  }

  private parseAndValidate(schema: GraphQLSchema, query: string): { document: DocumentNode } | { problems: Problem[] } {
    let document;
    try {
      document = parse(query, { maxTokens: this.config.graphql.tokenLimit });
    } catch (e) {
      if (e instanceof GraphQLError) return { problems: [{ message: e.message, locations: e.locations }] };
      // graphql-js parses recursively: a document nested thousands of levels deep exhausts the stack.
      if (e instanceof RangeError) return { problems: [{ message: 'The document is nested too deeply' }] };
      throw e;
    }
    // The limits first and alone: the standard rules' cost grows with the document (overlapping fields
    // compare pairs), so an oversized one is refused before they run.
    let problems = validate(schema, document, this.limitRules);
    if (problems.length === 0) problems = validate(schema, document);
    if (problems.length > 0) return { problems: problems.map((p) => ({ message: p.message, locations: p.locations })) };
    return { document };
  }

  /** Resolver errors with the REST codes; an unexpected one is logged and leaks nothing (HTTP and WebSocket alike). */
  format(result: ExecutionResult): FormattedExecutionResult {
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
