import { Inject, Injectable } from '@nestjs/common';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';
import { parseQuery } from '../../common/query/parse-query';
import type { Query } from '../../common/query/query.types';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ItemsFactory } from '../items/items.factory';
import type { Item, ItemsService } from '../items/items.service';
import type { ItemsMessage } from './lib/messages';
import type { SocketClient } from './socket-client';

type Answer = { data: unknown; meta?: unknown };

/** `{type:"items"}`: the REST item routes over the socket, through the same engine and permissions. */
@Injectable()
export class ItemsMessagesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly items: ItemsFactory,
  ) {}

  async handle(client: SocketClient, message: ItemsMessage): Promise<void> {
    // As the reference: system collections have their own routes, not the items socket.
    if (message.collection.startsWith('svc_')) throw new ForbiddenError();
    const service = this.items.for(message.collection, client.acc);
    const query = parseQuery(message.query ?? {}, this.config.query);
    const answer = await this.run(service, message, query);
    client.send('items', answer, message.uid);
  }

  private run(service: ItemsService, message: ItemsMessage, query: Query): Promise<Answer> {
    switch (message.action) {
      case 'create':
        return this.create(service, message.data, query);
      case 'read':
        return this.read(service, message, query);
      case 'update':
        return this.update(service, message, query);
      case 'delete':
        return this.remove(service, message, query);
    }
  }

  private async create(service: ItemsService, data: unknown, query: Query): Promise<Answer> {
    if (Array.isArray(data)) return { data: await service.readMany(await service.createMany(data as Item[]), query) };
    if (!isPlainObject(data)) throw new InvalidPayloadError('"data" must be an object or an array of objects');
    return { data: await service.readOne(await service.createOne(data), query) };
  }

  private async read(service: ItemsService, message: ItemsMessage, query: Query): Promise<Answer> {
    if (message.id !== undefined) return { data: await service.readOne(message.id, query) };
    if (message.ids) return { data: await service.readMany(message.ids, query) };
    if (service.schema.singleton) return { data: await service.readSingleton(query) };
    return service.readPage(query);
  }

  private async update(service: ItemsService, message: ItemsMessage, query: Query): Promise<Answer> {
    const data = message.data;
    if (!isPlainObject(data)) throw new InvalidPayloadError('"data" must be an object');
    if (message.id !== undefined)
      return { data: await service.readOne(await service.updateOne(message.id, data), query) };
    if (message.ids) return { data: await service.readMany(await service.updateMany(message.ids, data), query) };
    if (service.schema.singleton) {
      await service.upsertSingleton(data);
      return { data: await service.readSingleton(query) };
    }
    if (!message.query) throw new InvalidPayloadError('Either "id", "ids" or "query" is required for an update');
    return { data: await service.readMany(await service.updateByQuery(query, data), query) };
  }

  private async remove(service: ItemsService, message: ItemsMessage, query: Query): Promise<Answer> {
    if (message.id !== undefined) return { data: await service.deleteOne(message.id) };
    if (message.ids) return { data: await service.deleteMany(message.ids) };
    if (message.query) return { data: await service.deleteByQuery(query) };
    throw new InvalidPayloadError('Either "id", "ids" or "query" is required for a delete');
  }
}
