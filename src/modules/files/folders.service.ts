import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { InvalidPayloadError } from '../../common/errors/errors';
import { ItemsFactory } from '../items/items.factory';
import type { ItemsService } from '../items/items.service';
import { CreateFolderDto, UpdateFolderDto } from './dto/folder.dto';

/** `svc_folders`: virtual folders for files, with the caller's permissions from the items engine. */
@Injectable()
export class FoldersService {
  constructor(private readonly items: ItemsFactory) {}

  engine(acc: Accountability): ItemsService {
    return this.items.for('svc_folders', acc);
  }

  async createOne(values: CreateFolderDto, acc: Accountability): Promise<string> {
    const key = await this.engine(acc).createOne({ id: values.id?.toLowerCase(), name: values.name, parent: values.parent?.toLowerCase() ?? null });
    return String(key);
  }

  async updateOne(id: string, values: UpdateFolderDto, acc: Accountability): Promise<string> {
    if (values.parent && values.parent.toLowerCase() === id.toLowerCase()) throw new InvalidPayloadError('A folder cannot be its own parent');
    const changes: Record<string, unknown> = {};
    if (values.name !== undefined) changes.name = values.name;
    if (values.parent !== undefined) changes.parent = values.parent?.toLowerCase() ?? null;
    return String(await this.engine(acc).updateOne(id, changes));
  }

  /** Sub-folders go with their parent; files in them stay, with `folder` set to null (foreign keys). */
  async deleteOne(id: string, acc: Accountability): Promise<void> {
    await this.engine(acc).deleteOne(id);
  }
}
