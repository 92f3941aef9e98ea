import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { InvalidPayloadError, InvalidQueryError } from './errors/errors';

function firstConstraint(errors: ValidationError[], path = ''): string {
  for (const error of errors) {
    const name = path ? `${path}.${error.property}` : error.property;
    const message = Object.values(error.constraints ?? {})[0];
    if (message) return message.startsWith(error.property) ? `"${name}"${message.slice(error.property.length)}` : message;
    if (error.children?.length) return firstConstraint(error.children, name);
  }
  return 'Invalid payload';
}

/** API.md 1.5: a broken query parameter is INVALID_QUERY, a broken body INVALID_PAYLOAD. */
class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (e) {
      if (metadata.type === 'query' && e instanceof InvalidPayloadError) throw new InvalidQueryError(e.extensions!.reason);
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
