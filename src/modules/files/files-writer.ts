import type { Accountability } from '../../common/accountability';
import { InvalidPayloadError } from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';
import type { Query } from '../../common/query/query.types';
import type { ItemsWriter } from '../items/items-http';
import type { PrimaryKey } from '../items/items.service';
import type { FilesService } from './files.service';

/**
 * The batch forms of API.md 1.7 on svc_files, for ItemsHttp: every change goes through FilesService's
 * own single and multiple updates and deletes, so their rules on the stored bytes apply to each file.
 */
export function filesWriter(files: FilesService, acc: Accountability): ItemsWriter {
  const keysOf = (keys: PrimaryKey[]) => {
    if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string'))
      throw new InvalidPayloadError('"keys" must be an array of ids');
    return keys as string[];
  };
  const byQuery = async (query: Query) => (await files.engine(acc).keysByQuery(query)).map(String);
  return {
    updateOne: (key, data) => files.updateOne(String(key), files.values(data, 'update'), acc),
    updateMany: (keys, data) => files.updateMany(keysOf(keys), files.values(data, 'update'), acc),
    updateByQuery: async (query, data) => {
      const values = files.values(data, 'update');
      const keys = await byQuery(query);
      return keys.length ? files.updateMany(keys, values, acc) : [];
    },
    updateBatch: async (items) => {
      const updates = items.map((item) => {
        if (!isPlainObject(item) || typeof item.id !== 'string')
          throw new InvalidPayloadError('Every object needs its "id"');
        return { id: item.id, values: files.values(item, 'update') };
      });
      const keys: string[] = [];
      for (const { id, values } of updates) keys.push(await files.updateOne(id, values, acc));
      return keys;
    },
    deleteMany: async (keys) => files.deleteMany(keysOf(keys), acc),
    deleteByQuery: async (query) => files.deleteMany(await byQuery(query), acc),
  };
}
