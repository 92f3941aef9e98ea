import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { AppError } from '../../common/errors/app-error';
import { ErrorCode } from '../../common/errors/error-codes';
import { serializeError } from '../../common/filters/send-error';
import { toAppError, TranslateDatabaseError } from '../../common/filters/to-app-error';

/**
 * GraphQL errors carry the REST codes in `extensions.code` (CONVENTIONS 4, API.md 7). An error the
 * resolver did not raise (bad variables) is a validation problem; anything unexpected is a generic
 * INTERNAL_SERVER_ERROR that leaks nothing, and is reported to `onUnexpected` for the log.
 */
export function formatGraphqlError(
  error: GraphQLError,
  onUnexpected: (err: unknown) => void,
  translateDatabaseError?: TranslateDatabaseError,
): GraphQLFormattedError {
  const where = {
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
  };
  // A variable of the wrong type comes back wrapping the scalar's own GraphQLError: still GraphQL's finding.
  if (!error.originalError || error.originalError instanceof GraphQLError) {
    return { message: error.message, extensions: { code: ErrorCode.GraphqlValidation }, ...where };
  }
  const appError = toAppError(error.originalError, '/graphql/system', translateDatabaseError);
  if (appError instanceof AppError) return { ...serializeError(appError), ...where };
  if (appError) return { ...serializeError(appError.errors[0]), ...where };
  onUnexpected(error.originalError);
  return { message: 'An unexpected error occurred.', extensions: { code: ErrorCode.InternalServerError }, ...where };
}
