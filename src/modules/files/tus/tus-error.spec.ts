import { ErrorCode } from '../../../common/errors/error-codes';
import { AppError } from '../../../common/errors/app-error';
import { ForbiddenError } from '../../../common/errors/errors';
import { tusErrorToAppError } from './tus-error';

describe('tusErrorToAppError', () => {
  it.each<[string, unknown, string | null]>([
    ['a bad header', { status_code: 400, body: 'Invalid upload-length\n' }, ErrorCode.InvalidPayload],
    ['a missing offset', { status_code: 403, body: 'Upload-Offset header required\n' }, ErrorCode.InvalidPayload],
    ['an unknown upload', { status_code: 404, body: 'The file for this url was not found\n' }, ErrorCode.Forbidden],
    ['too many bytes', { status_code: 413, body: "upload's size exceeded\n" }, ErrorCode.ContentTooLarge],
    ['a wrong chunk type', { status_code: 415, body: 'x' }, ErrorCode.UnsupportedMediaType],
    ['an offset conflict', { status_code: 409, body: 'Upload-Offset conflict\n' }, 'protocol'],
    ['an expired upload', { status_code: 410, body: 'gone' }, 'protocol'],
    ['a write failure', { status_code: 500, body: 'Something went wrong receiving the file\n' }, null],
    ['a plain error', new Error('boom'), null],
    ['our own error', new ForbiddenError(), ErrorCode.Forbidden],
  ])('%s', (_name, error, expected) => {
    const mapped = tusErrorToAppError(error);
    expect(mapped instanceof AppError ? mapped.code : mapped).toBe(expected);
  });
});
