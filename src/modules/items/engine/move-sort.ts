import type { EntityManager } from 'typeorm';
import {
  CollectionInactiveError,
  collectionForbidden,
  FieldForbiddenError,
  ForbiddenError,
  InvalidPayloadError,
} from '../../../common/errors/errors';
import { runSql } from '../../../database/run-sql';
import type { CollectionOverview } from '../../schema/schema.types';
import { compileLookup, compileSortKeys, compileSortShift, compileSortStats, compileUpdate } from './compile-sql';
import { collectionOf, Item, ItemsScope, PrimaryKey } from './items.types';
import { appendUnsorted, planSortMove, renumberSorts, SortAssignment, SortKey } from './sort-items';
import { castKey, validKey } from './validate-key';
import { transaction } from './write-rows';

/**
 * Write stage, manual sorting (`POST /utils/sort/:collection`, API.md 2): `item` takes the place of `to`
 * in the collection's sort field. Unlike the reference platform, every step runs in one transaction, so
 * a failure halfway leaves the order as it was.
 */

interface SortRun {
  scope: ItemsScope;
  manager: EntityManager;
  collection: CollectionOverview;
  sortField: string;
}

/** Moves `item` to `to`; `update` writes the moved item through the engine (its rules and activity). */
export async function moveSort(
  scope: ItemsScope,
  item: unknown,
  to: unknown,
  update: (manager: EntityManager, key: PrimaryKey, data: Item) => Promise<unknown>,
): Promise<void> {
  const collection = collectionOf(scope);
  // Permission first: whether a collection has a sort field is for those who may update it to learn.
  const rule = await scope.deps.permissions.find(scope.acc, scope.collection, 'update');
  if (!rule) throw collectionForbidden(scope.collection);
  if (scope.deps.overviews.current.isInactive(scope.collection)) throw new CollectionInactiveError(scope.collection);
  const sortField = collection.sortField;
  if (!sortField) throw new InvalidPayloadError(`Collection "${scope.collection}" has no sort field`);
  if (rule.fields && !rule.fields.includes('*') && !rule.fields.includes(sortField))
    throw new FieldForbiddenError(sortField, scope.collection);
  const field = collection.fields[collection.primary];
  if (!validKey(field, item) || !validKey(field, to)) throw new ForbiddenError();
  const [itemKey, toKey] = [castKey(field, item), castKey(field, to)];
  await transaction(scope, async (manager) => {
    const run: SortRun = { scope, manager, collection, sortField };
    if ((await sortOf(run, itemKey)) === undefined || (await sortOf(run, toKey)) === undefined)
      throw new ForbiddenError();
    await normalize(run);
    const move = planSortMove((await sortOf(run, itemKey))!, (await sortOf(run, toKey))!);
    if (move.shift)
      await runSql(manager, compileSortShift(scope.deps.dialect, collection, sortField, move.shift, itemKey));
    await update(manager, itemKey, { [sortField]: move.itemSort });
  });
}

/** The row's sort value; undefined when there is no such row. */
async function sortOf(run: SortRun, key: SortKey): Promise<number | null | undefined> {
  const [row] = await runSql(
    run.manager,
    compileLookup(run.scope.deps.dialect, run.collection.table!, [run.sortField], {
      column: run.collection.primary,
      values: [key],
    }),
  );
  if (!row) return undefined;
  return row[run.sortField] === null ? null : Number(row[run.sortField]);
}

/** Rows without a sort value go last, and duplicate values are renumbered, so "the place of" is one row. */
async function normalize(run: SortRun): Promise<void> {
  const { scope, manager, collection, sortField } = run;
  const dialect = scope.deps.dialect;
  const unsorted = await runSql(manager, compileSortKeys(dialect, collection, sortField, 'unsorted'));
  if (unsorted.length) {
    const [{ max }] = await runSql(manager, compileSortStats(dialect, collection, sortField, 'max'));
    await assign(
      run,
      appendUnsorted(
        max === null ? null : Number(max),
        unsorted.map((r) => r.key as SortKey),
      ),
    );
  }
  const [counts] = await runSql(manager, compileSortStats(dialect, collection, sortField, 'counts'));
  if (Number(counts.total) === Number(counts.distinct)) return;
  const ordered = await runSql(manager, compileSortKeys(dialect, collection, sortField, 'ordered'));
  await assign(run, renumberSorts(ordered.map((r) => r.key as SortKey)));
}

async function assign(run: SortRun, assignments: SortAssignment[]): Promise<void> {
  for (const { key, sort } of assignments)
    await runSql(run.manager, compileUpdate(run.scope.deps.dialect, run.collection, { [run.sortField]: sort }, [key]));
}
