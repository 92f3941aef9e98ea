import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csvFields, EXPORT_FORMAT_INFO, EXPORT_FORMATS, isExportFormat, serializeObject, serializeRows } from '../export/export-formats';
import type { ExportFormat } from '../query/query.types';
import { InvalidQueryError } from '../errors/errors';
import { isPlainObject } from '../is-plain-object';
import { attachmentDisposition, exportFileName } from './attachment';
import { requestPath } from './http-types';
import { routeCollection } from './route-collection';

const EXPORT_FORMAT = Symbol('export format');
const EXPORT_DATA = Symbol('export data');

type ExportingRequest = FastifyRequest & { [EXPORT_FORMAT]?: ExportFormat; [EXPORT_DATA]?: unknown };

/**
 * API.md 1.1: `?export=json|csv|csv_utf8|xml|yaml` on any read answers the response's `data` as a
 * download named `<collection or "Export"> <datetime>.<ext>`. Fastify hooks rather than a global Nest
 * interceptor: an interceptor puts an rxjs chain on every request, export or not.
 */
export function registerExportResponses(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: ExportingRequest, _reply, done) => {
    const format = (request.query as Record<string, unknown>).export;
    if (format === undefined || (request.method !== 'GET' && request.method !== 'SEARCH')) return done();
    if (!isExportFormat(format)) return done(new InvalidQueryError(`"export" must be one of ${EXPORT_FORMATS.join(', ')}`));
    request[EXPORT_FORMAT] = format;
    done();
  });

  // Callback hooks, not async ones: they run on every answer, and most are no export.
  fastify.addHook('preSerialization', (request: ExportingRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) => {
    const format = request[EXPORT_FORMAT];
    // Errors and answers without a `data` envelope are not data sets: they leave unchanged.
    if (!format || reply.statusCode >= 300 || payload === null || typeof payload !== 'object' || !('data' in payload)) return done(null, payload);
    const { contentType, extension } = EXPORT_FORMAT_INFO[format];
    reply.header('Content-Type', contentType);
    reply.header('Content-Disposition', attachmentDisposition(exportFileName(routeCollection(requestPath(request)), extension, new Date())));
    request[EXPORT_DATA] = (payload as { data: unknown }).data;
    // The body is written by onSend below; serializing the JSON answer as well would be wasted work.
    reply.serializer(() => '');
    done(null, payload);
  });

  fastify.addHook('onSend', (request: ExportingRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) => {
    const format = request[EXPORT_FORMAT];
    if (!format || !(EXPORT_DATA in request) || reply.statusCode >= 300) return done(null, payload);
    const data = request[EXPORT_DATA];
    if (isPlainObject(data)) {
      serializeObject(format, data).then((text) => done(null, text), (e: Error) => done(e));
      return;
    }
    const rows = (Array.isArray(data) ? data : []) as Record<string, unknown>[];
    const fields = format === 'csv' || format === 'csv_utf8' ? csvFields(rows) : undefined;
    done(null, Readable.from(serializeRows(format, rows, { fields })));
  });
}
