import { InvalidPayloadError } from '../../../common/errors/errors';

/** Import files are refused naming the line, so a user can find the fault in their editor. */
export function lineError(line: number, reason: string): InvalidPayloadError {
  return new InvalidPayloadError(`Line ${line}: ${reason}`);
}
