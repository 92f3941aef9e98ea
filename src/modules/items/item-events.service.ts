import { EventEmitter } from 'node:events';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { AppLogger } from '../../common/logging/app-logger';
import type { Item, PrimaryKey } from './engine/items.types';

export type ItemAction = 'create' | 'update' | 'delete';

/** A committed write: the collection, what was done, and the primary keys it touched. */
export interface ItemEvent {
  collection: string;
  action: ItemAction;
  keys: PrimaryKey[];
  /**
   * A delete's rows as they were (secrets concealed), captured while someone listens: no one can read
   * them back, so who may hear of the delete is decided on these (ItemsService.readableDeletedKeys).
   */
  rows?: Item[];
}

export type ItemEventListener = (event: ItemEvent) => void;

/**
 * In-process bus of committed item writes (realtime subscriptions listen here). A write made inside a
 * caller's open transaction is held until that transaction commits, so a listener that reads the keys
 * back on another connection sees the write, and a rolled-back write is never announced.
 */
@Injectable()
export class ItemEventsService {
  private readonly emitter = new EventEmitter();
  private readonly held = new WeakMap<QueryRunner, (() => unknown)[]>();

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly logger: AppLogger,
  ) {
    this.emitter.setMaxListeners(0);
    dataSource.subscribers.push({
      afterTransactionCommit: ({ queryRunner }) => this.settle(queryRunner, true),
      afterTransactionRollback: ({ queryRunner }) => this.settle(queryRunner, false),
    });
  }

  /** Registers a listener; the returned function removes it. */
  on(listener: ItemEventListener): () => void {
    this.emitter.on('item', listener);
    return () => this.emitter.off('item', listener);
  }

  /** Whether anyone listens: a delete's rows are worth capturing only then. */
  listening(): boolean {
    return this.emitter.listenerCount('item') > 0;
  }

  /** Called by the engine after a write; `manager` is the transaction the write ran in, if the caller's. */
  written(event: ItemEvent, manager?: EntityManager): void {
    if (!event.keys.length) return;
    this.afterCommit(manager, () => this.emit(event));
  }

  /**
   * Runs `work` once `manager`'s transaction commits (never on rollback), or now outside one. Its
   * failure is logged: the write it follows is committed by then.
   */
  afterCommit(manager: EntityManager | undefined, work: () => unknown): void {
    const runner = manager?.queryRunner;
    if (runner?.isTransactionActive) {
      const list = this.held.get(runner) ?? [];
      list.push(work);
      this.held.set(runner, list);
      return;
    }
    this.run(work);
  }

  private settle(runner: QueryRunner, committed: boolean): void {
    // A savepoint's release or rollback also lands here: only the outermost end settles the held writes.
    if (runner.isTransactionActive) return;
    const list = this.held.get(runner);
    if (!list) return;
    this.held.delete(runner);
    if (committed) for (const work of list) this.run(work);
  }

  private run(work: () => unknown): void {
    try {
      void Promise.resolve(work()).catch((e: unknown) => this.failed(e));
    } catch (e) {
      this.failed(e);
    }
  }

  private failed(e: unknown): void {
    this.logger.error(`work after a commit failed: ${e instanceof Error ? e.message : String(e)}`);
  }

  private emit(event: ItemEvent): void {
    // A listener's failure must not fail a write that has already committed (run() logs it).
    this.emitter.emit('item', event);
  }
}
