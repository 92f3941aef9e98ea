import { Injectable, Type } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { InvalidPayloadError } from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';
import { validateBody } from '../../common/validation.pipe';
import type { ItemsWriter } from '../items/items-http';
import { ItemsFactory } from '../items/items.factory';
import type { Item, ItemsService, PrimaryKey } from '../items/items.service';
import { CreateFolderDto, UpdateFolderDto } from './dto/folder.dto';

function createValues(values: CreateFolderDto): Item {
  return { id: values.id?.toLowerCase(), name: values.name, parent: values.parent?.toLowerCase() ?? null };
}

/** The changes `values` make to each of the folders `keys`. */
function updateValues(keys: PrimaryKey[], values: UpdateFolderDto): Item {
  const parent = values.parent?.toLowerCase();
  if (parent && keys.some((key) => String(key).toLowerCase() === parent))
    throw new InvalidPayloadError('A folder cannot be its own parent');
  const changes: Item = {};
  if (values.name !== undefined) changes.name = values.name;
  if (values.parent !== undefined) changes.parent = values.parent?.toLowerCase() ?? null;
  return changes;
}

/** `svc_folders`: virtual folders for files, with the caller's permissions from the items engine. */
@Injectable()
export class FoldersService {
  constructor(private readonly items: ItemsFactory) {}

  engine(acc: Accountability): ItemsService {
    return this.items.for('svc_folders', acc);
  }

  /**
   * A folder body as its DTO reads it, after the check of every system collection's write: members that
   * are not fields of svc_folders are refused (the DTO alone would drop them).
   */
  parse<T extends CreateFolderDto | UpdateFolderDto>(
    type: Type<T>,
    body: unknown,
    mode: 'create' | 'update',
  ): Promise<T> {
    this.items.for('svc_folders', null).checkSystemPayload(body, mode);
    return validateBody(type, body, 'folder');
  }

  async createOne(values: CreateFolderDto, acc: Accountability): Promise<string> {
    return String(await this.engine(acc).createOne(createValues(values)));
  }

  /** All or nothing, like every batch create (API.md 1.7). */
  async createMany(values: CreateFolderDto[], acc: Accountability): Promise<string[]> {
    return (await this.engine(acc).createMany(values.map(createValues))).map(String);
  }

  async updateOne(id: string, values: UpdateFolderDto, acc: Accountability): Promise<string> {
    return String(await this.engine(acc).updateOne(id, updateValues([id], values)));
  }

  /** Sub-folders go with their parent; files in them stay, with `folder` set to null (foreign keys). */
  async deleteOne(id: string, acc: Accountability): Promise<void> {
    await this.engine(acc).deleteOne(id);
  }

  /** The batch forms of PATCH and DELETE /folders (API.md 1.7), each object checked as PATCH /folders/:id checks it. */
  writer(acc: Accountability): ItemsWriter {
    const engine = this.engine(acc);
    const dto = (data: unknown) => this.parse(UpdateFolderDto, data, 'update');
    const updateMany = async (keys: PrimaryKey[], data: Item) =>
      engine.updateMany(keys, updateValues(keys, await dto(data)));
    return {
      updateOne: async (key, data) => engine.updateOne(key, updateValues([key], await dto(data))),
      updateMany,
      updateByQuery: async (query, data) => {
        const keys = await engine.keysByQuery(query);
        return keys.length ? updateMany(keys, data) : [];
      },
      updateBatch: async (items) => {
        const batch = await Promise.all(
          items.map(async (item) => {
            if (!isPlainObject(item) || typeof item.id !== 'string')
              throw new InvalidPayloadError('Every folder in the array needs its "id"');
            return { id: item.id, ...updateValues([item.id], await dto(item)) };
          }),
        );
        return engine.updateBatch(batch);
      },
      deleteMany: (keys) => engine.deleteMany(keys),
      deleteByQuery: (query) => engine.deleteByQuery(query),
    };
  }
}
