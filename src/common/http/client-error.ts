import { Server, ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AppError } from '../errors/app-error';
import { InvalidPayloadError, OutOfTimeError } from '../errors/errors';
import { serializeError } from '../filters/send-error';

/** The status and error for a request Node's HTTP parser gave up on, by Node's own error code. */
export function clientErrorAnswer(
  code: string | undefined,
  requestTimeout: number,
): { status: number; error: AppError } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, error: new InvalidPayloadError('The request line and headers are too large') };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, error: new OutOfTimeError('request', requestTimeout) };
  return { status: 400, error: new InvalidPayloadError('The request is not valid HTTP') };
}

/** Whether the bytes Node could not parse start a HEAD request. */
export function isHeadRequest(rawPacket: Buffer | undefined): boolean {
  return rawPacket !== undefined && rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
}

/**
 * Requests Node cannot parse (bytes that are not allowed in a URL, an oversized head) never reach
 * Express: Node answers them itself with an empty body. This answers them with the standard error body,
 * unless a response of this keep-alive connection is half sent (Node's own condition), then closes it.
 */
export function answerClientErrors(server: Server): void {
  server.on(
    'clientError',
    (
      err: NodeJS.ErrnoException & { rawPacket?: Buffer },
      socket: Duplex & { _httpMessage?: ServerResponse | null },
    ) => {
      const inFlight = socket._httpMessage;
      if (err.code === 'ECONNRESET' || !socket.writable || (inFlight?.headersSent && !inFlight.writableEnded)) {
        socket.destroy();
        return;
      }
      const { status, error } = clientErrorAnswer(err.code, server.requestTimeout);
      const body = JSON.stringify({ errors: [serializeError(error)] });
      // A HEAD answer has no body (RFC 9110 9.3.2): a client reading one would take it for the next response.
      const sent = isHeadRequest(err.rawPacket) ? '' : body;
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${sent}`,
      );
    },
  );
}
