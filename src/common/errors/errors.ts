import { AppError } from './app-error';
import { ErrorCode } from './error-codes';

export class InvalidCredentialsError extends AppError {
  readonly code = ErrorCode.InvalidCredentials;
  readonly status = 401;
  constructor(message = 'Invalid user credentials.') {
    super(message);
  }
}

/** A sign-in through a provider the user does not belong to (the reference's answer). */
export class InvalidProviderError extends AppError {
  readonly code = ErrorCode.InvalidProvider;
  readonly status = 403;
  constructor(message = 'Invalid provider.') {
    super(message);
  }
}

export class InvalidOtpError extends AppError {
  readonly code = ErrorCode.InvalidOtp;
  readonly status = 401;
  constructor(message = 'Invalid user OTP.') {
    super(message);
  }
}

export class TokenExpiredError extends AppError {
  readonly code = ErrorCode.TokenExpired;
  readonly status = 401;
  constructor(message = 'Token expired.') {
    super(message);
  }
}

export class UserSuspendedError extends AppError {
  readonly code = ErrorCode.UserSuspended;
  readonly status = 401;
  constructor(message = 'User suspended.') {
    super(message);
  }
}

export class InvalidTokenError extends AppError {
  readonly code = ErrorCode.InvalidToken;
  readonly status = 403;
  constructor(message = 'Invalid token.') {
    super(message);
  }
}

export class ForbiddenError extends AppError<{ reason?: string }> {
  readonly code = ErrorCode.Forbidden;
  readonly status = 403;
  constructor(message = "You don't have permission to access this.", reason?: string) {
    super(message, reason ? { reason } : undefined);
  }
}

/**
 * A collection a request names that does not exist or that the caller may not use for what it asks:
 * one answer for both, in the reference's words, so a refusal never tells which (API.md 1.5). `path`
 * is the relational path that reaches it, '' at the root.
 */
export function collectionForbidden(collection: string, path = ''): ForbiddenError {
  const words = `You don't have permission to access collection "${collection}" or it does not exist. Queried in ${queriedIn(path)}.`;
  return new ForbiddenError(words, words);
}

/**
 * A field a query names that does not exist or that the caller may not read: one answer for both, in
 * the reference's words; `path` is the relational path of the level that names it, '' at the root. Its
 * own class, so a write refuses such a read-back query before writing (checkReadQuery).
 */
export class FieldForbiddenError extends ForbiddenError {
  constructor(field: string, collection: string, path = '') {
    const words = `You don't have permission to access field "${field}" in collection "${collection}" or it does not exist. Queried in ${queriedIn(path)}.`;
    super(words, words);
  }
}

function queriedIn(path: string): string {
  return path === '' ? 'root' : `"${path}"`;
}

/**
 * A collection set inactive (`meta.status`), to a caller who may otherwise do what it asks there; one
 * who may not gets the answer of a collection that does not exist (collectionForbidden).
 */
export class CollectionInactiveError extends AppError<{ collection: string }> {
  readonly code = ErrorCode.CollectionInactive;
  readonly status = 403;
  constructor(collection: string) {
    super(`Collection "${collection}" is inactive.`, { collection });
  }
}

export class LimitExceededError extends AppError<{ category: string }> {
  readonly code = ErrorCode.LimitExceeded;
  readonly status = 403;
  constructor(category: string, message = `Limit exceeded for ${category}.`) {
    super(message, { category });
  }
}

export class InvalidPayloadError extends AppError<{ reason: string }> {
  readonly code = ErrorCode.InvalidPayload;
  readonly status = 400;
  constructor(reason: string) {
    super(`Invalid payload. ${reason}.`.replace(/\.\.$/, '.'), { reason });
  }
}

export class InvalidQueryError extends AppError<{ reason: string }> {
  readonly code = ErrorCode.InvalidQuery;
  readonly status = 400;
  constructor(reason: string) {
    super(`Invalid query. ${reason}.`.replace(/\.\.$/, '.'), { reason });
  }
}

type FieldExtensions = { collection: string; field: string | null; value?: unknown; primaryKey?: unknown };

export class RecordNotUniqueError extends AppError<FieldExtensions> {
  readonly code = ErrorCode.RecordNotUnique;
  readonly status = 400;
  constructor(extensions: FieldExtensions) {
    super(
      extensions.field
        ? `Value for field "${extensions.field}" in collection "${extensions.collection}" has to be unique.`
        : `Value in collection "${extensions.collection}" has to be unique.`,
      extensions,
    );
  }
}

export class InvalidForeignKeyError extends AppError<FieldExtensions> {
  readonly code = ErrorCode.InvalidForeignKey;
  readonly status = 400;
  constructor(extensions: FieldExtensions) {
    super(
      extensions.field
        ? `Invalid foreign key for field "${extensions.field}" in collection "${extensions.collection}".`
        : `Invalid foreign key in collection "${extensions.collection}".`,
      extensions,
    );
  }
}

export class NotNullViolationError extends AppError<FieldExtensions> {
  readonly code = ErrorCode.NotNullViolation;
  readonly status = 400;
  constructor(extensions: FieldExtensions) {
    super(
      extensions.field
        ? `Value for field "${extensions.field}" in collection "${extensions.collection}" can't be null.`
        : `A value in collection "${extensions.collection}" can't be null.`,
      extensions,
    );
  }
}

export class ValueTooLongError extends AppError<FieldExtensions> {
  readonly code = ErrorCode.ValueTooLong;
  readonly status = 400;
  constructor(extensions: FieldExtensions) {
    super(
      extensions.field
        ? `Value for field "${extensions.field}" in collection "${extensions.collection}" is too long.`
        : `A value in collection "${extensions.collection}" is too long.`,
      extensions,
    );
  }
}

export class ValueOutOfRangeError extends AppError<FieldExtensions> {
  readonly code = ErrorCode.ValueOutOfRange;
  readonly status = 400;
  constructor(extensions: FieldExtensions) {
    super(
      extensions.field
        ? `Numeric value for field "${extensions.field}" in collection "${extensions.collection}" is out of range.`
        : `A numeric value in collection "${extensions.collection}" is out of range.`,
      extensions,
    );
  }
}

export class ContainsNullValuesError extends AppError<{ collection: string; field: string }> {
  readonly code = ErrorCode.ContainsNullValues;
  readonly status = 400;
  constructor(extensions: { collection: string; field: string }) {
    super(`Field "${extensions.field}" in collection "${extensions.collection}" contains null values.`, extensions);
  }
}

export type FailedValidationExtensions = {
  field: string;
  path?: (string | number)[];
  type: string;
  valid?: unknown;
  invalid?: unknown;
  substring?: string;
  rows?: unknown;
};

export class FailedValidationError extends AppError<FailedValidationExtensions> {
  readonly code = ErrorCode.FailedValidation;
  readonly status = 400;
  constructor(extensions: FailedValidationExtensions, message?: string) {
    // A missing required value reads as the reference's ("... Value is required."), which clients match on.
    const detail = extensions.type === 'required' ? ' Value is required.' : '';
    super(message ?? `Validation failed for field "${extensions.field}".${detail}`, extensions);
  }
}

export class IllegalAssetTransformationError extends AppError<{ invalidTransformations?: string[] }> {
  readonly code = ErrorCode.IllegalAssetTransformation;
  readonly status = 400;
  constructor(message: string, invalidTransformations?: string[]) {
    super(message, invalidTransformations ? { invalidTransformations } : undefined);
  }
}

export class RouteNotFoundError extends AppError<{ path: string }> {
  readonly code = ErrorCode.RouteNotFound;
  readonly status = 404;
  constructor(path: string) {
    super(`Route ${path} doesn't exist.`, { path });
  }
}

export class OutOfTimeError extends AppError<{ category: string; duration: number }> {
  readonly code = ErrorCode.OutOfTime;
  readonly status = 408;
  constructor(category: string, duration: number) {
    super(`The ${category} took longer than ${duration} ms.`, { category, duration });
  }
}

export class ContentTooLargeError extends AppError {
  readonly code = ErrorCode.ContentTooLarge;
  readonly status = 413;
  constructor(message = 'Uploaded content is too large.') {
    super(message);
  }
}

export class UnsupportedMediaTypeError extends AppError<{ mediaType: string; where: string }> {
  readonly code = ErrorCode.UnsupportedMediaType;
  readonly status = 415;
  constructor(mediaType: string, where: string) {
    super(`Unsupported media type "${mediaType}" in ${where}.`, { mediaType, where });
  }
}

export class RangeNotSatisfiableError extends AppError<{ range: string }> {
  readonly code = ErrorCode.RangeNotSatisfiable;
  readonly status = 416;
  constructor(range: string) {
    super(`Range "${range}" is invalid or the file's size doesn't match the requested range.`, { range });
  }
}

export class UnprocessableContentError extends AppError<{ reason: string }> {
  readonly code = ErrorCode.UnprocessableContent;
  readonly status = 422;
  constructor(reason: string) {
    super(`Can't process content. ${reason}.`.replace(/\.\.$/, '.'), { reason });
  }
}

export class VersionHashMismatchError extends AppError<{ mainHash: string }> {
  readonly code = ErrorCode.VersionHashMismatch;
  readonly status = 422;
  constructor(mainHash: string) {
    super('The main version of the item has changed since the hash was taken.', { mainHash });
  }
}

export class RequestsExceededError extends AppError<{ limit: number; reset: string }> {
  readonly code = ErrorCode.RequestsExceeded;
  readonly status = 429;
  constructor(
    extensions: { limit: number; reset: string },
    readonly retryAfterSeconds: number,
  ) {
    super('Too many requests, retry later.', extensions);
  }
}

/** A GraphQL document that does not parse or does not validate against the schema. */
export class GraphqlValidationError extends AppError<{
  errors: { message: string; locations?: readonly unknown[] }[];
}> {
  readonly code = ErrorCode.GraphqlValidation;
  readonly status = 400;
  constructor(errors: { message: string; locations?: readonly unknown[] }[]) {
    super('GraphQL validation error.', { errors });
  }
}

export class InternalServerError extends AppError {
  readonly code = ErrorCode.InternalServerError;
  readonly status = 500;
  constructor(message = 'An unexpected error occurred.') {
    super(message);
  }
}

export class ServiceUnavailableError extends AppError<{ service: string; reason: string }> {
  readonly code = ErrorCode.ServiceUnavailable;
  readonly status = 503;
  constructor(service: string, reason: string) {
    super(`Service "${service}" is unavailable. ${reason}.`.replace(/\.\.$/, '.'), { service, reason });
  }
}

/**
 * Shed load: a bound on shared work (the database, hashing, transformations) refused or gave up on the
 * request, which may be sent again shortly. Expected under load, so the log notes it on one warning
 * line, without a stack (a burst of them would otherwise flood the error log).
 */
export class ServiceBusyError extends ServiceUnavailableError {}

/**
 * The database gave up on a statement because of a concurrent one (a deadlock, a serialization failure,
 * a lock it could not get in time): nothing of the request was kept, and the same request sent again
 * is expected to succeed.
 */
export class DatabaseBusyError extends ServiceBusyError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super('database', 'A concurrent change held what this request needed; nothing was changed, retry the request');
  }
}

/**
 * The database is out of reach (stopped, restarting, the network cut): the request failed as a whole and
 * may be sent again once the database is back; the pool reconnects by itself.
 */
export class DatabaseUnavailableError extends ServiceBusyError {
  readonly retryAfterSeconds = 5;
  constructor() {
    super('database', 'The database is unreachable; retry the request');
  }
}

/** Too much argon2 work is running or waiting (HASH_MAX_*): nothing was done, the same request may be sent again shortly. */
export class HashingBusyError extends ServiceBusyError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super('hash', 'Too many passwords are being hashed right now; retry shortly');
  }
}

export interface SchemaApplyStep {
  index: number;
  action: string;
  collection: string;
  field?: string;
}

/**
 * A schema apply that stopped at one step (API.md 4.3). Keeps the code and status of the cause when it
 * is an AppError (400 INVALID_PAYLOAD otherwise) and names the failed step and the steps already applied:
 * on MySQL/MariaDB DDL commits as it goes, so those stay applied.
 */
export class SchemaApplyFailedError extends AppError<{
  reason: string;
  step: SchemaApplyStep;
  applied: SchemaApplyStep[];
}> {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(step: SchemaApplyStep, applied: SchemaApplyStep[], cause: unknown) {
    const reason = cause instanceof AppError ? cause.message : 'The database refused the change';
    const name = step.field ? `${step.collection}.${step.field}` : step.collection;
    const kept = applied.length === 0 ? 'Nothing was changed' : `${applied.length} earlier step(s) stay applied`;
    super(`Schema apply failed at step ${step.index + 1} (${step.action} ${name}): ${reason} ${kept}.`, {
      ...(cause instanceof AppError ? ((cause.extensions as Record<string, unknown> | undefined) ?? {}) : {}),
      reason,
      step,
      applied,
    });
    this.code = cause instanceof AppError ? cause.code : ErrorCode.InvalidPayload;
    this.status = cause instanceof AppError ? cause.status : 400;
  }
}

/** Refuses, once, the next apply after one that stopped half-way, saying which of its steps are in the schema. */
export class SchemaApplyInterruptedError extends AppError<{ reason: string; interrupted: unknown }> {
  readonly code = ErrorCode.InvalidPayload;
  readonly status = 400;
  constructor(reason: string, interrupted: unknown) {
    super(`Invalid payload. ${reason}.`, { reason, interrupted });
  }
}
