import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { ItemsFactory } from '../items/items.factory';
import { PermissionsService } from '../permissions/permissions.service';
import { primaryKeyFor } from './lib/primary-key';
import { appendUnsorted, planSortMove, renumberSorts, SortAssignment, SortKey } from './lib/sort-items';

/**
 * `POST /utils/sort/:collection` and `utils_sort` (API.md 2): `item` takes the place of `to` in the
 * collection's sort field. Unlike the reference platform, every step runs in one transaction, so a
 * failure halfway leaves the order as it was.
 */
@Injectable()
export class SortService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly items: ItemsFactory,
    private readonly permissions: PermissionsService,
  ) {}

  async sort(collection: string, acc: Accountability | null, item: unknown, to: unknown): Promise<void> {
    const schema = this.items.for(collection, acc).schema;
    if (!schema.sortField) throw new InvalidPayloadError(`Collection "${collection}" has no sort field`);
    const sortField = schema.sortField;
    const rule = await this.permissions.find(acc, collection, 'update');
    if (!rule || (rule.fields && !rule.fields.includes('*') && !rule.fields.includes(sortField))) throw new ForbiddenError();
    const pkType = schema.fields[schema.primary].type;
    const itemKey = primaryKeyFor(pkType, item);
    const toKey = primaryKeyFor(pkType, to);
    if (itemKey === null || toKey === null) throw new ForbiddenError();

    const q = (id: string) => this.dataSource.driver.escape(id);
    const table = q(schema.table!);
    const pk = q(schema.primary);
    const sort = q(sortField);

    await this.dataSource.transaction(async (manager) => {
      const run = (sql: string, params: Record<string, unknown> = {}) => this.query(manager, sql, params);
      const sortOf = async (key: SortKey): Promise<number | null | undefined> => {
        const [row] = await run(`SELECT ${sort} AS ${q('sort')} FROM ${table} WHERE ${pk} = :key`, { key });
        return row ? (row.sort === null ? null : Number(row.sort)) : undefined;
      };
      if ((await sortOf(itemKey)) === undefined || (await sortOf(toKey)) === undefined) throw new ForbiddenError();

      const assign = async (assignments: SortAssignment[]) => {
        for (const { key, sort: value } of assignments) await run(`UPDATE ${table} SET ${sort} = :value WHERE ${pk} = :key`, { key, value });
      };
      const unsorted = await run(`SELECT ${pk} AS ${q('key')} FROM ${table} WHERE ${sort} IS NULL ORDER BY ${pk}`);
      if (unsorted.length) {
        const [{ max }] = await run(`SELECT MAX(${sort}) AS ${q('max')} FROM ${table}`);
        await assign(appendUnsorted(max === null ? null : Number(max), unsorted.map((r) => r.key as SortKey)));
      }
      const [counts] = await run(`SELECT COUNT(*) AS ${q('total')}, COUNT(DISTINCT ${sort}) AS ${q('distinct')} FROM ${table}`);
      if (Number(counts.total) !== Number(counts.distinct)) {
        const ordered = await run(`SELECT ${pk} AS ${q('key')} FROM ${table} ORDER BY ${sort}, ${pk}`);
        await assign(renumberSorts(ordered.map((r) => r.key as SortKey)));
      }

      const move = planSortMove((await sortOf(itemKey))!, (await sortOf(toKey))!);
      if (move.shift) {
        await run(`UPDATE ${table} SET ${sort} = ${sort} + :by WHERE ${sort} >= :min AND ${sort} <= :max AND ${pk} <> :item`, {
          ...move.shift,
          item: itemKey,
        });
      }
      // The moved item goes through the engine: its row permission, validation and activity apply.
      await this.items.for(collection, acc, manager).updateOne(itemKey, { [sortField]: move.itemSort });
    });
  }

  private query(manager: EntityManager, sql: string, params: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const [text, bound] = this.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    return manager.query(text, bound);
  }
}
