import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import type { Socket } from 'node:net';
import { StreamableFile } from '@nestjs/common';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Response } from 'express';

/**
 * Node's request and response classes with Express's prototypes already in their chain. Express sets
 * those prototypes on every request (Object.setPrototypeOf), which moves each request and response to a
 * new hidden class and deoptimizes the code that touches them: a bare Express 5 app spent 2.5 times the
 * CPU per request of the same app with these (measured 162-186 µs against 64-71 µs). Setting a
 * prototype an object already has costs nothing.
 */
function expressHttpClasses(app: Express) {
  function Request(this: IncomingMessage, socket: Socket) {
    IncomingMessage.call(this, socket);
  }
  Request.prototype = app.request;
  function Reply(this: ServerResponse, req: IncomingMessage, options?: object) {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: object) => void).call(
      this,
      req,
      options,
    );
  }
  Reply.prototype = app.response;
  return {
    IncomingMessage: Request as unknown as typeof IncomingMessage,
    ServerResponse: Reply as unknown as typeof ServerResponse,
  };
}

/** Answers that the fast path writes: a plain JSON body, not a file, not an export's download. */
function isPlainJsonAnswer(response: Response, body: unknown): body is object {
  if (body === null || typeof body !== 'object' || body instanceof StreamableFile || body instanceof Error)
    return false;
  // `?export=` replaces res.json on the response (export-response.ts); a route may have set its own type.
  if (Object.prototype.hasOwnProperty.call(response, 'json')) return false;
  return response.getHeader('Content-Type') === undefined;
}

/**
 * Express, made cheaper where it costs the most per request. Express's res.json() costs several settings lookups, a Content-Type parse and rewrite (setCharset)
 * and a freshness check per answer; a JSON read spends more time there than in its own query. The
 * answers Vellum's controllers return (a `{ data, meta }` object) are written here instead: serialized
 * once, with the same headers Express would send. Everything else takes Nest's own path.
 */
export class VellumExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections) return super.initHttpServer(options);
    const app = this.getInstance<Express>();
    this.httpServer = createServer(expressHttpClasses(app), app);
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!isPlainJsonAnswer(response, body)) return super.reply(response, body, statusCode);
    if (statusCode) response.statusCode = statusCode;
    const text = JSON.stringify(body);
    // As Express's res.send: a long text is encoded once, its length read from the bytes, instead of
    // being measured in one pass and encoded in another (a large schema diff is close to a megabyte).
    const payload = text.length < 1000 ? text : Buffer.from(text);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Length', typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length);
    // Express routes HEAD to the GET handler: the headers describe the body, which is not sent.
    return response.end(response.req.method === 'HEAD' ? undefined : payload);
  }
}
