import { ValidateBy, ValidationOptions } from 'class-validator';

/** A primary key in a JSON body: a string or a number, as the reference platform accepts. */
export function IsStringOrNumber(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStringOrNumber',
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value)),
        defaultMessage: (args) => `"${args?.property ?? 'value'}" must be a string or a number`,
      },
    },
    options,
  );
}
