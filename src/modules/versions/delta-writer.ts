import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError } from '../../common/errors/errors';
import { ItemsFactory } from '../items/items.factory';
import type { Item, PrimaryKey } from '../items/items.service';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import type { RelationLink } from '../schema/schema.types';
import { o2mChanges } from './lib/o2m-changes';

function isObject(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Writes a version's delta to its item through the items engine, so every write is a normal update by
 * `acc` (permissions, validation, activity, revisions). The delta may hold relational payloads the plain
 * engine does not take (API.md 5.4): a many-to-one object is created or updated first and its key
 * stored; a one-to-many list or change set creates, updates, attaches and detaches the related items.
 */
@Injectable()
export class DeltaWriter {
  constructor(
    private readonly items: ItemsFactory,
    private readonly overviews: SchemaOverviewService,
  ) {}

  async apply(collection: string, key: PrimaryKey, delta: Item, acc: Accountability | null, manager: EntityManager): Promise<void> {
    await this.write(collection, delta, key, acc, manager);
  }

  /** Creates (key null) or updates one item with its relational payloads; answers its key. */
  private async write(collection: string, data: Item, key: PrimaryKey | null, acc: Accountability | null, manager: EntityManager): Promise<PrimaryKey> {
    const overview = this.overviews.current;
    const values: Item = {};
    const children: { link: RelationLink; value: unknown }[] = [];
    for (const [field, value] of Object.entries(data)) {
      const link = overview.relation(collection, field);
      if (link?.type === 'm2o' && isObject(value)) values[field] = await this.writeNested(link.related, value, acc, manager);
      else if (link?.type === 'o2m') children.push({ link, value });
      else values[field] = value;
    }
    const service = this.items.for(collection, acc, manager);
    let written = key;
    if (written === null) written = await service.createOne(values);
    // Even without plain values: the update checks the caller's access to the item and is recorded.
    else await service.updateOne(written, values);
    for (const child of children) await this.writeChildren(child.link, written, child.value, acc, manager);
    return written;
  }

  /** An object with the key of an existing item updates it; any other object creates one. */
  private async writeNested(collection: string, data: Item, acc: Accountability | null, manager: EntityManager): Promise<PrimaryKey> {
    const pk = this.items.for(collection, null, manager).primaryKey;
    const key = data[pk] as PrimaryKey | undefined;
    if (key !== undefined && key !== null && (await this.exists(collection, key, manager))) {
      const { [pk]: _key, ...rest } = data;
      return this.write(collection, rest, key, acc, manager);
    }
    return this.write(collection, data, null, acc, manager);
  }

  private async exists(collection: string, key: PrimaryKey, manager: EntityManager): Promise<boolean> {
    const service = this.items.for(collection, null, manager);
    try {
      await service.readOne(key, { fields: [service.primaryKey] });
      return true;
    } catch (e) {
      if (e instanceof ForbiddenError) return false;
      throw e;
    }
  }

  private async writeChildren(link: RelationLink, parent: PrimaryKey, value: unknown, acc: Accountability | null, manager: EntityManager): Promise<void> {
    const related = this.items.for(link.related, acc, manager);
    const pk = related.primaryKey;
    const fk = link.relatedField;
    const changes = o2mChanges(link.field, value, pk);
    const current = await this.items
      .for(link.related, null, manager)
      .readByQuery({ fields: [pk], filter: { [fk]: { _eq: parent as string | number } }, limit: -1 });
    const attached = new Set(current.map((row) => String(row[pk])));
    const kept = new Set<string>();
    for (const item of changes.save) {
      const key = await this.writeNested(link.related, { ...item, [fk]: parent }, acc, manager);
      kept.add(String(key));
    }
    const attach = changes.attach.filter((key) => !attached.has(String(key)));
    if (attach.length) await related.updateMany(attach, { [fk]: parent });
    for (const key of changes.attach) kept.add(String(key));
    const detach =
      changes.detach === 'others'
        ? current.map((row) => row[pk] as PrimaryKey).filter((key) => !kept.has(String(key)))
        : changes.detach.filter((key) => attached.has(String(key)));
    if (!detach.length) return;
    if (link.relation.meta?.one_deselect_action === 'delete') await related.deleteMany(detach);
    else await related.updateMany(detach, { [fk]: null });
  }
}
