import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { INSTANCE_OWNER, ownerIsGone } from '../../common/instance-owner';
import type { SchemaApplyStep } from '../../common/errors/errors';
import { Dialect, DIALECT } from '../../database/dialects/dialect';
import { abandonedBefore, JOB_HEARTBEAT_MS } from '../../common/job-liveness';
import { SchemaApplyEntity } from './entities/schema-apply.entity';
import { InterruptedApply, interruptedApply } from './lib/interrupted-apply';

/** One apply's entry in the journal, kept current as its steps commit. */
export interface JournalEntry {
  committed(steps: number): Promise<void>;
  /** The apply ended, well or with a failure its caller was told about: nothing is left to report. */
  end(): Promise<void>;
}

const NO_ENTRY: JournalEntry = { committed: () => Promise.resolve(), end: () => Promise.resolve() };

/**
 * Where DDL commits as it goes (MySQL/MariaDB), a schema apply that dies half-way leaves part of its
 * plan applied with nobody told. The journal (svc_schema_applies, written outside the apply's own
 * transaction) records each apply's plan and committed steps, with its owner and heartbeat, so the next
 * apply on any instance can report what an interrupted one left behind. Elsewhere an apply is one
 * transaction and the journal stays empty.
 */
@Injectable()
export class ApplyJournal {
  constructor(
    @InjectRepository(SchemaApplyEntity) private readonly applies: Repository<SchemaApplyEntity>,
    @Inject(DIALECT) private readonly dialect: Dialect,
  ) {}

  async begin(steps: SchemaApplyStep[]): Promise<JournalEntry> {
    if (this.dialect.transactionalDdl) return NO_ENTRY;
    const id = randomUUID();
    const now = new Date();
    await this.applies.insert({ id, owner: INSTANCE_OWNER, steps, applied: 0, started_on: now, updated_on: now });
    const heartbeat = setInterval(() => {
      this.applies.update({ id }, { updated_on: new Date() }).catch(() => undefined);
    }, JOB_HEARTBEAT_MS).unref();
    return {
      committed: async (applied) => void (await this.applies.update({ id }, { applied, updated_on: new Date() })),
      end: async () => {
        clearInterval(heartbeat);
        await this.applies.delete({ id });
      },
    };
  }

  /**
   * The applies whose instance went away (its process is gone from this host, or its heartbeat is a
   * minute old), each removed as it is taken so that it is reported once, by one caller.
   */
  async takeInterrupted(): Promise<InterruptedApply[]> {
    const stale = abandonedBefore(new Date());
    const taken: InterruptedApply[] = [];
    for (const run of await this.applies.find()) {
      if (!ownerIsGone(run.owner) && run.updated_on >= stale) continue;
      const removed = await this.applies.delete({ id: run.id, owner: run.owner });
      if (removed.affected) taken.push(interruptedApply(run.steps ?? [], run.applied, run.started_on));
    }
    return taken;
  }
}
