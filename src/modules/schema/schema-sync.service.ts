import { Inject, Injectable } from '@nestjs/common';
import { QueryFailedError, QueryRunner, TableIndex } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import {
  InvalidPayloadError,
  SchemaApplyFailedError,
  SchemaApplyInterruptedError,
  SchemaApplyStep,
} from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Dialect, DIALECT } from '../../database/dialects/dialect';
import { ApplyJournal } from './apply-journal.service';
import { BatchOptions, CollectionRows, tablesAmong } from './lib/collection-rows';
import { PlanStep, planApply } from './lib/apply-plan';
import { describeInterrupted } from './lib/interrupted-apply';
import { buildSnapshot, snapshotField } from './lib/build-snapshot';
import { DiffMode, diffSnapshot, isEmptyDiff } from './lib/diff-snapshot';
import { snapshotHash } from './lib/snapshot-hash';
import type { Snapshot, SnapshotDiff, SnapshotField } from './lib/snapshot.types';
import { validateApplyBody } from './lib/validate-apply-body';
import { validateSnapshot } from './lib/validate-snapshot';
import type { SchemaOverview } from './schema-overview';
import { SchemaOverviewService } from './schema-overview.service';
import type { FieldInput } from './schema-inputs';
import { SchemaService } from './schema.service';
import type { FieldType } from './schema.types';

function describeStep(step: PlanStep, index: number): SchemaApplyStep {
  return { index, action: step.action, collection: step.collection, ...('field' in step ? { field: step.field } : {}) };
}

type Batch = BatchOptions & { rows: CollectionRows };

/**
 * The tables that already exist among a run of consecutive new collections, read once for the whole run:
 * where each step commits on its own (MySQL/MariaDB) a batch is one step, and fifty new collections
 * asked the catalog fifty times. The run's own steps only add their own tables.
 */
class NewTableRuns {
  private end = -1;
  private existing: ReadonlySet<string> = new Set();

  constructor(
    private readonly runner: QueryRunner,
    private readonly dialect: Dialect,
    readonly plan: PlanStep[],
  ) {}

  async existingAt(index: number): Promise<ReadonlySet<string>> {
    if (index >= this.end) {
      let end = index + 1;
      while (this.plan[end]?.action === 'create_collection') end++;
      this.existing = await tablesAmong(
        this.runner,
        this.dialect,
        this.plan.slice(index, end).map((step) => step.collection),
      );
      this.end = end;
    }
    return this.existing;
  }
}

/** Steps that leave the overview as it was; their runs end with one reload. */
const BATCHED = new Set<PlanStep['action']>(['create_collection', 'delete_collection']);

/** SchemaService checks the type and the schema members itself, so the entry passes as it is. */
function fieldInput(entry: SnapshotField): FieldInput {
  return {
    field: entry.field,
    type: entry.type as FieldType,
    meta: entry.meta,
    schema: entry.type === 'alias' ? null : entry.schema,
  };
}

/** Schema members whose value differs between the current field and the target entry. */
function changedSchema(
  current: Record<string, unknown> | null,
  target: Record<string, unknown> | null,
): Record<string, unknown> {
  if (!target) return {};
  return Object.fromEntries(
    Object.entries(target).filter(
      ([key, value]) => JSON.stringify(current?.[key] ?? null) !== JSON.stringify(value ?? null),
    ),
  );
}

/**
 * Schema snapshot, diff and apply (API.md 4). The snapshot is built from the in-memory overview; apply
 * runs the ordered plan through SchemaService, in one transaction where the database allows DDL in
 * transactions, step by step (reporting how far it got) where it does not.
 */
@Injectable()
export class SchemaSyncService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DIALECT) private readonly dialect: Dialect,
    private readonly overviews: SchemaOverviewService,
    private readonly schema: SchemaService,
    private readonly journal: ApplyJournal,
  ) {}

  private readonly hashes = new WeakMap<SchemaOverview, string>();

  snapshot(overview = this.overviews.current): Snapshot {
    return buildSnapshot(overview, this.config.version, this.dialect.vendor);
  }

  /**
   * API.md 4.2's hash of the snapshot built from `overview`, computed once per overview: a diff and the
   * apply made from it hash the same schema, and hashing a large one takes longer than applying a little.
   */
  private hashOf(snapshot: Snapshot, overview: SchemaOverview): string {
    let hash = this.hashes.get(overview);
    if (hash === undefined) {
      hash = snapshotHash(snapshot, this.config.version);
      this.hashes.set(overview, hash);
    }
    return hash;
  }

  /** API.md 4.2: `{ hash, diff }` to turn this instance's schema into the uploaded one; null when nothing differs. */
  diff(input: unknown, options: { force: boolean; mode: DiffMode }): { hash: string; diff: SnapshotDiff } | null {
    const target = validateSnapshot(input);
    if (!options.force) {
      if (target.platform !== this.config.version) {
        throw new InvalidPayloadError(
          `The snapshot was taken with version "${target.platform}" and this instance runs "${this.config.version}"; pass force=true to diff anyway`,
        );
      }
      if (target.vendor !== this.dialect.vendor) {
        throw new InvalidPayloadError(
          `The snapshot was taken on vendor "${target.vendor}" and this instance runs on "${this.dialect.vendor}"; pass force=true to diff anyway`,
        );
      }
    }
    const overview = this.overviews.current;
    const current = this.snapshot(overview);
    const diff = diffSnapshot(current, target, options.mode);
    return isEmptyDiff(diff) ? null : { hash: this.hashOf(current, overview), diff };
  }

  /**
   * API.md 4.3. Returns the ordered plan; with `dryRun` nothing is changed. Conflicts (creating what
   * exists, changing what is missing) are named before the generic stale-hash refusal.
   */
  async apply(input: unknown, options: { force: boolean; dryRun: boolean }): Promise<PlanStep[]> {
    const { hash, diff } = validateApplyBody(input);
    if (isEmptyDiff(diff)) return [];
    if (!options.dryRun) await this.reportInterrupted();
    const overview = this.overviews.current;
    const current = this.snapshot(overview);
    const plan = planApply(current, diff);
    if (!options.force && hash !== this.hashOf(current, overview)) {
      // The reference's wording, which its clients and tests compare.
      throw new InvalidPayloadError(
        "Provided hash does not match the current instance's schema hash, indicating the schema has changed after this diff was generated. Please generate a new diff and try again",
      );
    }
    if (!options.dryRun) await this.execute(plan);
    return plan;
  }

  /**
   * An apply that died half-way on MySQL/MariaDB left some of its steps in the schema: the next apply is
   * refused once, naming them, so nobody applies on top of it blind (whatever the hash says).
   */
  private async reportInterrupted(): Promise<void> {
    const [interrupted] = await this.journal.takeInterrupted();
    if (interrupted) throw new SchemaApplyInterruptedError(describeInterrupted(interrupted), interrupted);
  }

  private async execute(plan: PlanStep[]): Promise<void> {
    const progress: { step?: SchemaApplyStep; applied: SchemaApplyStep[] } = { applied: [] };
    const journal = await this.journal.begin(plan.map(describeStep));
    try {
      await this.schema.run(async (runner) => {
        let batch: Batch | null = null;
        const newTables = new NewTableRuns(runner, this.dialect, plan);
        for (const [index, step] of plan.entries()) {
          progress.step = describeStep(step, index);
          batch ??= await this.startBatch(
            newTables,
            index,
            (ddlStep) => (progress.step = describeStep(plan[ddlStep], ddlStep)),
          );
          batch.rows.step = index;
          try {
            await this.runStep(runner, step, batch);
          } catch (e) {
            // Refused before its SQL ran: the run's waiting DDL goes first, as it did step by step, so a failure there is the one reported.
            if (!(e instanceof QueryFailedError)) await batch.rows.flushDdl(runner);
            progress.step = describeStep(step, index);
            throw e;
          }
          // Collections are created (and deleted) in runs of steps: their meta rows are written together
          // and the overview is read again once, after the last step of a run, when steps that need it
          // follow (the commit reloads it anyway). Where each step commits on its own, a run is one step.
          const next = plan[index + 1];
          if (!next || next.action !== step.action || !this.dialect.transactionalDdl) {
            await batch.rows.flush(runner);
            batch = null;
          }
          if (BATCHED.has(step.action) && next && next.action !== step.action)
            await this.overviews.reload(runner.manager);
          if (this.dialect.transactionalDdl) continue;
          // DDL commits implicitly on MySQL/MariaDB: each step commits on its own, so a failure can say how far it got.
          await runner.commitTransaction();
          progress.applied.push(progress.step);
          await journal.committed(progress.applied.length);
          await runner.startTransaction();
        }
      });
    } catch (e) {
      if (!progress.step) throw e;
      throw new SchemaApplyFailedError(progress.step, progress.applied, this.explain(e));
    } finally {
      await journal.end().catch(() => undefined);
    }
  }

  /**
   * The batch of the run of steps starting at `index`, with the tables its new collections would take
   * over; `onStep` is told the step whose DDL runs alone (so a failure names it).
   */
  private async startBatch(newTables: NewTableRuns, index: number, onStep: (step: number) => void): Promise<Batch> {
    const rows = new CollectionRows(this.dialect, onStep);
    if (newTables.plan[index].action !== 'create_collection') return { reload: false, rows };
    return { reload: false, rows, existing: await newTables.existingAt(index) };
  }

  private explain(e: unknown): unknown {
    if (e instanceof AppError) return e;
    if (e instanceof QueryFailedError)
      return this.dialect.translateError(e as QueryFailedError) ?? new InvalidPayloadError(e.message);
    return e;
  }

  private async runStep(runner: QueryRunner, step: PlanStep, batch: BatchOptions): Promise<void> {
    const overview = this.overviews.current;
    switch (step.action) {
      case 'create_collection':
        await this.schema.createCollection(
          runner,
          {
            collection: step.collection,
            meta: step.entry.meta,
            schema: step.entry.schema === null ? null : {},
            fields: step.fields.map(fieldInput),
          },
          batch,
        );
        return;
      case 'update_collection':
        return this.schema.updateCollection(runner, step.collection, step.entry.meta ?? {});
      case 'delete_collection':
        return this.schema.deleteCollection(runner, step.collection, batch);
      case 'create_field':
        await this.schema.createField(runner, step.collection, fieldInput(step.entry));
        return;
      case 'update_field': {
        const current = overview.field(step.collection, step.field);
        // Compared in the snapshot's spelling, so a size a vendor leaves implicit is not taken for a change.
        const schema = changedSchema(current ? snapshotField(current).schema : null, step.entry.schema);
        return this.schema.updateField(runner, step.collection, step.field, {
          type: step.entry.type,
          meta: step.entry.meta ?? {},
          ...(Object.keys(schema).length > 0 ? { schema } : {}),
        });
      }
      case 'delete_field':
        // Deleting a relation or its collection already removed this field.
        if (!overview.field(step.collection, step.field)) return;
        return this.schema.deleteField(runner, step.collection, step.field);
      case 'set_system_field_index':
        return this.setSystemFieldIndex(runner, step.collection, step.field, step.is_indexed);
      case 'create_relation':
        return this.schema.createRelation(runner, {
          collection: step.collection,
          field: step.field,
          related_collection: step.entry.related_collection,
          meta: step.entry.meta,
          schema: step.entry.schema,
        });
      case 'update_relation': {
        const current = overview.relationEntry(step.collection, step.field);
        const onDelete = step.entry.schema?.on_delete;
        const keyChanged = onDelete !== undefined && onDelete !== current?.schema?.on_delete;
        return this.schema.updateRelation(runner, step.collection, step.field, {
          meta: step.entry.meta ?? {},
          ...(keyChanged ? { schema: { on_delete: onDelete } } : {}),
        });
      }
      case 'delete_relation':
        if (!overview.relationEntry(step.collection, step.field)) return;
        return this.schema.deleteRelation(runner, step.collection, step.field);
    }
  }

  /** API.md 4.3 e: a system field's plain index is the only thing a diff may change on system tables. */
  private async setSystemFieldIndex(
    runner: QueryRunner,
    collection: string,
    field: string,
    indexed: boolean,
  ): Promise<void> {
    const table = await runner.getTable(collection);
    if (!table || !table.findColumnByName(field))
      throw new InvalidPayloadError(`System field "${collection}.${field}" does not exist`);
    const indices = table.indices.filter((i) => i.columnNames.length === 1 && i.columnNames[0] === field);
    if (indexed && indices.length === 0) {
      await runner.createIndex(table, new TableIndex({ name: `${collection}_${field}_index`, columnNames: [field] }));
    }
    if (!indexed) {
      const plain = indices.filter((i) => !i.isUnique);
      if (plain.length < indices.length)
        throw new InvalidPayloadError(
          `The index of system field "${collection}.${field}" keeps it unique and can't be dropped`,
        );
      for (const index of plain) await runner.dropIndex(table, index);
    }
    await this.overviews.reload(runner.manager);
  }
}
