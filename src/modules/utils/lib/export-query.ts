import type { LimitOptions } from '../../../common/query/parse-limit';
import { parseLimit } from '../../../common/query/parse-limit';
import { parseQuery } from '../../../common/query/parse-query';
import type { Query } from '../../../common/query/query.types';

/**
 * The read query of an export (`POST /utils/export`, the `export` command), parsed as on
 * `GET /items` except for `limit` (API.md, exports): without one, or with `-1`, every row the caller
 * may read. QUERY_LIMIT_DEFAULT and QUERY_LIMIT_MAX bound one answer held in memory; an export is read
 * and written EXPORT_BATCH_SIZE rows at a time, so neither applies to it. `deep` limits keep them.
 */
export function parseExportQuery(raw: Record<string, unknown>, options: LimitOptions): Query {
  const query = parseQuery({ ...raw, limit: undefined }, options);
  const limit = raw.limit === undefined ? -1 : parseLimit(raw.limit, { limitDefault: -1 });
  return { ...query, limit: limit === -1 ? undefined : limit };
}
