import { Readable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import {
  csvFields,
  EXPORT_FORMAT_INFO,
  EXPORT_FORMATS,
  isExportFormat,
  serializeObject,
  serializeRows,
} from '../export/export-formats';
import { InvalidQueryError } from '../errors/errors';
import { sendError } from '../filters/send-error';
import type { AppLogger } from '../logging/app-logger';
import { isPlainObject } from '../is-plain-object';
import { attachmentDisposition, exportFileName } from './attachment';
import { routeCollection } from './route-collection';

/**
 * API.md 1.1: `?export=json|csv|csv_utf8|xml|yaml` on any read answers the response's `data` as a
 * download named `<collection or "Export"> <datetime>.<ext>`. Called by the request setup only for a
 * request that has `export`, rather than as a global interceptor: a Nest interceptor puts an rxjs chain
 * on every request, export or not.
 */
export function prepareExport(req: Request, res: Response, next: NextFunction, logger: AppLogger): void {
  const format = req.query.export;
  if (req.method !== 'GET' && req.method !== 'SEARCH') return next();
  if (!isExportFormat(format))
    return next(new InvalidQueryError(`"export" must be one of ${EXPORT_FORMATS.join(', ')}`));

  // Read now: inside the route's segment router, `req.path` is only the part after the segment.
  const path = req.path;
  const json = res.json.bind(res);
  // The route has answered by the time the export is written: a serialization error is sent here, as the
  // standard error body before the first byte, or by destroying the response (and logging) after it.
  const fail = (e: unknown) => sendError(req, res, e, logger);
  res.json = (payload: unknown) => {
    // Errors and answers without a `data` envelope are not data sets: they leave unchanged.
    if (res.statusCode >= 300 || payload === null || typeof payload !== 'object' || !('data' in payload))
      return json(payload);
    const data = payload.data;
    const { contentType, extension } = EXPORT_FORMAT_INFO[format];
    res.setHeader('Content-Type', contentType);
    res.setHeader(
      'Content-Disposition',
      attachmentDisposition(exportFileName(routeCollection(path), extension, new Date())),
    );
    if (isPlainObject(data)) {
      serializeObject(format, data).then((text) => res.end(text), fail);
      return res;
    }
    const rows = (Array.isArray(data) ? data : []) as Record<string, unknown>[];
    try {
      const fields = format === 'csv' || format === 'csv_utf8' ? csvFields(rows) : undefined;
      const body = Readable.from(serializeRows(format, rows, { fields }));
      // Without a listener, an 'error' of the stream is an uncaught exception that ends the process.
      body.once('error', fail);
      res.once('close', () => body.destroy());
      body.pipe(res);
    } catch (e) {
      fail(e);
    }
    return res;
  };
  next();
}
