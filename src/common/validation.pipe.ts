import { ArgumentMetadata, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { InvalidPayloadError, InvalidQueryError } from './errors/errors';

function firstConstraint(errors: ValidationError[], path = ''): string {
  for (const error of errors) {
    const name = path ? `${path}.${error.property}` : error.property;
    const message = Object.values(error.constraints ?? {})[0];
    if (message)
      return message.startsWith(error.property) ? `"${name}"${message.slice(error.property.length)}` : message;
    if (error.children?.length) return firstConstraint(error.children, name);
  }
  return 'Invalid payload';
}

/**
 * A DTO of a hot route that recognises, cheaper than class-validator, a body it would accept as it is
 * (no unknown key, every member of its type); any other body goes through class-validator.
 */
export interface PlainlyChecked {
  isPlainlyValid(value: unknown): boolean;
}

/** API.md 1.5: a broken query parameter is INVALID_QUERY, a broken body INVALID_PAYLOAD. */
class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const type = metadata.metatype as (Type<object> & Partial<PlainlyChecked>) | undefined;
    if (type?.isPlainlyValid?.(value)) return Object.assign(new type(), value);
    try {
      return await super.transform(value, metadata);
    } catch (e) {
      if (metadata.type === 'query' && e instanceof InvalidPayloadError)
        throw new InvalidQueryError(e.extensions!.reason);
      throw e;
    }
  }
}

/** Fixed-shape bodies and query DTOs: unknown keys are dropped, the first broken rule becomes the error. */
export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors) => new InvalidPayloadError(firstConstraint(errors)),
  });
}

/**
 * Batch bodies (API.md 1.7: one object or an array of them) cannot name one DTO class for the global
 * pipe, so each object goes through the same validation by hand.
 */
export function validateBody<T extends object>(metatype: Type<T>, value: unknown, what: string): Promise<T> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return Promise.reject(new InvalidPayloadError(`Every ${what} has to be an object`));
  }
  return createValidationPipe().transform(value, { type: 'body', metatype }) as Promise<T>;
}
