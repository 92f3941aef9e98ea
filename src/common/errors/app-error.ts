import { ErrorCode } from './error-codes';

/** The one error model: services throw these, the exception filter serializes them. */
export abstract class AppError<X extends object = object> extends Error {
  abstract readonly code: ErrorCode;
  abstract readonly status: number;

  constructor(
    message: string,
    readonly extensions?: X,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Several errors answered at once (validation of many fields, import rows). */
export class AppErrorList extends Error {
  constructor(readonly errors: AppError[]) {
    super(errors.map((e) => e.message).join('; '));
  }

  /** API.md 1.5: the status of the errors when they all agree, otherwise 500. */
  get status(): number {
    const statuses = new Set(this.errors.map((e) => e.status));
    return statuses.size === 1 ? [...statuses][0] : 500;
  }
}
