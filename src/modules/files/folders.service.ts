import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError, InvalidPayloadError, RecordNotUniqueError } from '../../common/errors/errors';
import { isUuid } from '../../common/is-uuid';
import { CreateFolderDto, UpdateFolderDto } from './dto/folder.dto';
import { FolderEntity } from './entities/folder.entity';

/**
 * `svc_folders`: virtual folders for files. Like files, writes need a signed-in user and reads too,
 * until row permissions come from the items engine.
 */
@Injectable()
export class FoldersService {
  constructor(@InjectRepository(FolderEntity) private readonly folders: Repository<FolderEntity>) {}

  private assertSignedIn(acc: Accountability): void {
    if (!acc.admin && !acc.user) throw new ForbiddenError();
  }

  async readMany(acc: Accountability): Promise<FolderEntity[]> {
    this.assertSignedIn(acc);
    return this.folders.find({ order: { name: 'ASC', id: 'ASC' } });
  }

  async readOne(id: string, acc: Accountability): Promise<FolderEntity> {
    this.assertSignedIn(acc);
    const row = isUuid(id) ? await this.folders.findOneBy({ id: id.toLowerCase() }) : null;
    if (!row) throw new ForbiddenError();
    return row;
  }

  async createOne(values: CreateFolderDto, acc: Accountability): Promise<string> {
    this.assertSignedIn(acc);
    const id = values.id?.toLowerCase() ?? randomUUID();
    if (await this.folders.existsBy({ id })) throw new RecordNotUniqueError({ collection: 'svc_folders', field: 'id', value: id });
    await this.folders.insert({ id, name: values.name, parent: values.parent?.toLowerCase() ?? null });
    return id;
  }

  async updateOne(id: string, values: UpdateFolderDto, acc: Accountability): Promise<string> {
    const row = await this.readOne(id, acc);
    if (values.parent && values.parent.toLowerCase() === row.id) throw new InvalidPayloadError('A folder cannot be its own parent');
    const changes: Partial<FolderEntity> = {};
    if (values.name !== undefined) changes.name = values.name;
    if (values.parent !== undefined) changes.parent = values.parent?.toLowerCase() ?? null;
    if (Object.keys(changes).length > 0) await this.folders.update({ id: row.id }, changes);
    return row.id;
  }

  /** Sub-folders go with their parent; files in them stay, with `folder` set to null (foreign keys). */
  async deleteOne(id: string, acc: Accountability): Promise<void> {
    const row = await this.readOne(id, acc);
    await this.folders.delete({ id: row.id });
  }
}
