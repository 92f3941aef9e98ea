import type { Response } from 'express';

type SetHeader = Response['setHeader'];

/** Two comma-separated header lists as one, each name once. */
export function mergeHeaderLists(...lists: (string | number | readonly string[] | undefined)[]): string {
  const names = lists.flatMap((list) =>
    list === undefined ? [] : (typeof list === 'object' ? list.join(',') : String(list)).split(','),
  );
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))].join(', ');
}

/**
 * @tus/server answers every request with CORS headers of its own (the request's origin, else `*`),
 * whatever CORS_* say. Vellum's `cors` middleware has already decided for this request, so tus's are
 * dropped; an origin it allowed (its Access-Control-Allow-Origin is set) is also shown the headers a
 * cross-origin tus client reads (Location, Upload-Offset, the file id).
 */
export function keepVellumCors(res: Response, fileIdHeaders: readonly string[]): void {
  const setHeader: SetHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: Parameters<SetHeader>[1]) => {
    if (!/^access-control-/i.test(name)) return setHeader(name, value);
    if (/^access-control-expose-headers$/i.test(name) && res.getHeader('Access-Control-Allow-Origin') !== undefined) {
      return setHeader(name, mergeHeaderLists(res.getHeader(name), value, fileIdHeaders.join(',')));
    }
    return res;
  }) as SetHeader;
}
