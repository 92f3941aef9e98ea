import { Transform } from 'class-transformer';

/**
 * A query parameter read as a number when it is text. Anything else (a bracket object such as
 * `limit[a]=1`, a null-prototype object Number() cannot convert) stays as sent for the validators to refuse.
 */
export function QueryNumber(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() !== '' ? Number(value) : value,
  );
}
