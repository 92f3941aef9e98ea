import { ValidationError, ValidationPipe } from '@nestjs/common';
import { InvalidPayloadError } from './errors/errors';

function firstConstraint(errors: ValidationError[], path = ''): string {
  for (const error of errors) {
    const name = path ? `${path}.${error.property}` : error.property;
    const message = Object.values(error.constraints ?? {})[0];
    if (message) return message.startsWith(error.property) ? `"${name}"${message.slice(error.property.length)}` : message;
    if (error.children?.length) return firstConstraint(error.children, name);
  }
  return 'Invalid payload';
}

/** Fixed-shape bodies: unknown keys are dropped, the first broken rule becomes INVALID_PAYLOAD. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors) => new InvalidPayloadError(firstConstraint(errors)),
  });
}
