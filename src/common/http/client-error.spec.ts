import { ErrorCode } from '../errors/error-codes';
import { clientErrorAnswer, isHeadRequest } from './client-error';

describe(clientErrorAnswer.name, () => {
  it.each([
    ['HPE_INVALID_URL', 400, ErrorCode.InvalidPayload],
    ['HPE_INVALID_METHOD', 400, ErrorCode.InvalidPayload],
    [undefined, 400, ErrorCode.InvalidPayload],
    ['HPE_HEADER_OVERFLOW', 431, ErrorCode.InvalidPayload],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, ErrorCode.OutOfTime],
  ])('answers %s with %i %s', (code, status, errorCode) => {
    const answer = clientErrorAnswer(code, 300_000);
    expect({ status: answer.status, code: answer.error.code }).toEqual({ status, code: errorCode });
  });
});

describe(isHeadRequest.name, () => {
  it.each<[string | undefined, boolean]>([
    ['HEAD /files/tus/\u00fc HTTP/1.1\r\n', true],
    ['GET /x HTTP/1.1\r\n', false],
    ['HEADER', false],
    ['', false],
    [undefined, false],
  ])('%j', (raw, expected) => {
    expect(isHeadRequest(raw === undefined ? undefined : Buffer.from(raw, 'latin1'))).toBe(expected);
  });
});
