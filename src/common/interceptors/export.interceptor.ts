import { Readable } from 'node:stream';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { Request } from 'express';
import { map, Observable } from 'rxjs';
import { csvFields, EXPORT_FORMAT_INFO, EXPORT_FORMATS, isExportFormat, serializeRows } from '../../modules/utils/lib/export-formats';
import { InvalidQueryError } from '../errors/errors';
import { attachmentDisposition, exportFileName } from '../http/attachment';
import { routeCollection } from '../http/route-collection';

/**
 * API.md 1.1: `?export=json|csv|csv_utf8|xml|yaml` on any read answers the response's `data` as a
 * download named `<collection or "Export"> <datetime>.<ext>`.
 */
@Injectable()
export class ExportInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request>();
    const format = req.query.export;
    if (format === undefined || (req.method !== 'GET' && req.method !== 'SEARCH')) return next.handle();
    if (!isExportFormat(format)) throw new InvalidQueryError(`"export" must be one of ${EXPORT_FORMATS.join(', ')}`);

    return next.handle().pipe(
      map((payload: unknown) => {
        // Answers without a `data` envelope (text, streams) are not data sets: they pass unchanged.
        if (payload === null || typeof payload !== 'object' || !('data' in payload)) return payload;
        const data = (payload as { data: unknown }).data;
        const rows = (Array.isArray(data) ? data : data == null ? [] : [data]) as Record<string, unknown>[];
        const { contentType, extension } = EXPORT_FORMAT_INFO[format];
        const name = exportFileName(routeCollection(req.path, req.params), extension, new Date());
        const fields = format === 'csv' || format === 'csv_utf8' ? csvFields(rows) : undefined;
        return new StreamableFile(Readable.from(serializeRows(format, rows, { fields })), {
          type: contentType,
          disposition: attachmentDisposition(name),
        });
      }),
    );
  }
}
