import type { Response } from 'express';
import type { Query } from '../../common/query/query.types';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { parseQuery } from '../../common/query/parse-query';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { Item, ItemsService, PrimaryKey } from './items.service';
import { isPlainObject } from '../../common/is-plain-object';

/**
 * The writes an endpoint can serve in its own way (files store bytes next to their rows); by default the
 * items engine itself.
 */
export type ItemsWriter = Pick<
  ItemsService,
  'updateBatch' | 'updateMany' | 'updateByQuery' | 'updateOne' | 'deleteMany' | 'deleteByQuery'
>;

/**
 * The HTTP side of every items-like endpoint (items, files, versions, roles, ...): batch body forms of
 * API.md 1.7, `{ data, meta? }` envelopes, the re-read of written keys, 204 when the caller may not read
 * them back. Controllers stay thin by delegating here; one provider of the items module serves them all.
 */
@Injectable()
export class ItemsHttp {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async list(service: ItemsService, query: Query): Promise<{ data: unknown; meta?: unknown }> {
    if (service.schema.singleton) return { data: await service.readSingleton(query) };
    return service.readPage(query);
  }

  /** SEARCH: `{ query }` overrides the URL query, `{ keys }` reads those items. */
  async search(service: ItemsService, urlQuery: Query, body: unknown) {
    if (!isPlainObject(body)) throw new InvalidPayloadError('The body must be an object with "query" or "keys"');
    if (Array.isArray(body.keys)) return { data: await service.readMany(body.keys as PrimaryKey[], urlQuery) };
    if (!isPlainObject(body.query)) throw new InvalidPayloadError('The body must carry "query" or "keys"');
    const query = parseQuery(body.query, this.config.query);
    return this.list(service, query);
  }

  async readOne(service: ItemsService, id: string, query: Query) {
    return { data: await service.readOne(id, query) };
  }

  /** Re-reads written keys with the caller's fields; 204 when the caller may not read them. */
  async reread(service: ItemsService, res: Response, keys: PrimaryKey | PrimaryKey[], query: Query) {
    try {
      if (Array.isArray(keys)) return { data: await service.readMany(keys, query) };
      return { data: await service.readOne(keys, query) };
    } catch (e) {
      if (e instanceof ForbiddenError) {
        res.status(204);
        return undefined;
      }
      throw e;
    }
  }

  /** Runs a write and answers its keys re-read with `query`, which is checked before anything is written. */
  async written(service: ItemsService, res: Response, query: Query, write: () => Promise<PrimaryKey | PrimaryKey[]>) {
    await service.checkReadQuery(query);
    return this.reread(service, res, await write(), query);
  }

  async create(service: ItemsService, res: Response, body: unknown, query: Query) {
    if (Array.isArray(body)) return this.written(service, res, query, () => service.createMany(body as Item[]));
    if (!isPlainObject(body)) throw new InvalidPayloadError('The body must be an item or an array of items');
    if (service.schema.singleton) return this.written(service, res, query, () => service.upsertSingleton(body));
    return this.written(service, res, query, () => service.createOne(body));
  }

  async update(service: ItemsService, res: Response, body: unknown, query: Query, writer: ItemsWriter = service) {
    if (Array.isArray(body)) return this.written(service, res, query, () => writer.updateBatch(body as Item[]));
    if (!isPlainObject(body)) throw new InvalidPayloadError('The body must be an object or an array');
    if (service.schema.singleton) return this.written(service, res, query, () => service.upsertSingleton(body));
    const { keys, query: bodyQuery, data } = body;
    if (!isPlainObject(data)) throw new InvalidPayloadError('"data" is required and must be an object');
    if (keys !== undefined && bodyQuery !== undefined)
      throw new InvalidPayloadError('Send "keys" or "query", not both');
    if (Array.isArray(keys))
      return this.written(service, res, query, () => writer.updateMany(keys as PrimaryKey[], data));
    if (isPlainObject(bodyQuery)) {
      const selection = parseQuery(bodyQuery, this.config.query);
      return this.written(service, res, query, () => writer.updateByQuery(selection, data));
    }
    throw new InvalidPayloadError('The body needs "keys" or "query" next to "data"');
  }

  async updateOne(
    service: ItemsService,
    res: Response,
    id: string,
    body: unknown,
    query: Query,
    writer: ItemsWriter = service,
  ) {
    if (!isPlainObject(body)) throw new InvalidPayloadError('The body must be an object');
    return this.written(service, res, query, () => writer.updateOne(id, body));
  }

  async delete(writer: ItemsWriter, body: unknown): Promise<void> {
    if (Array.isArray(body)) {
      await writer.deleteMany(body as PrimaryKey[]);
      return;
    }
    if (isPlainObject(body) && Array.isArray(body.keys)) {
      await writer.deleteMany(body.keys as PrimaryKey[]);
      return;
    }
    if (isPlainObject(body) && isPlainObject(body.query)) {
      await writer.deleteByQuery(parseQuery(body.query, this.config.query));
      return;
    }
    throw new InvalidPayloadError('The body must be an array of keys, { keys } or { query }');
  }
}
