import { Server, ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AppError } from '../errors/app-error';
import { InvalidPayloadError, OutOfTimeError } from '../errors/errors';
import { serializeError } from '../filters/send-error';

/** The status and error for a request Node's HTTP parser gave up on, by Node's own error code. */
export function clientErrorAnswer(code: string | undefined, requestTimeout: number): { status: number; error: AppError } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, error: new InvalidPayloadError('The request line and headers are too large') };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, error: new OutOfTimeError('request', requestTimeout) };
  return { status: 400, error: new InvalidPayloadError('The request is not valid HTTP') };
}

/**
 * Requests Node cannot parse (bytes that are not allowed in a URL, an oversized head) never reach
 * Express: Node answers them itself with an empty body. This answers them with the standard error body,
 * unless a response of this keep-alive connection is half sent (Node's own condition), then closes it.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: ServerResponse | null }) => {
    const inFlight = socket._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || (inFlight?.headersSent && !inFlight.writableEnded)) {
      socket.destroy();
      return;
    }
    const { status, error } = clientErrorAnswer(err.code, server.requestTimeout);
    const body = JSON.stringify({ errors: [serializeError(error)] });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
