import { randomUUID } from 'node:crypto';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { CLOCK, Clock } from '../../common/clock';
import { AppError, AppErrorList } from '../../common/errors/app-error';
import { ForbiddenError, InternalServerError, ServiceUnavailableError } from '../../common/errors/errors';
import { serializeError } from '../../common/filters/send-error';
import { INSTANCE_OWNER, ownerIsGone } from '../../common/instance-owner';
import { AppLogger } from '../../common/logging/app-logger';
import { JobEntity, JobStatus, JobType } from './entities/job.entity';
import { abandonedBefore, JOB_HEARTBEAT_MS, JOB_SWEEP_INTERVAL_MS } from '../../common/job-liveness';

const JOB_TYPES = new Set<string>(['import', 'export'] satisfies JobType[]);
const JOB_STATUSES = new Set<string>(['running', 'completed', 'failed'] satisfies JobStatus[]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How often a running job writes its row count: often enough to watch, rarely enough not to slow it. */
const PROGRESS_INTERVAL_MS = 1000;

export interface JobOutcome {
  rowsDone: number;
  file?: string;
}

/** Lets the work of a job report rows as it goes; writes are throttled. */
export type ReportProgress = (rowsDone: number) => Promise<void>;

/**
 * Import and export jobs, recorded in svc_jobs so whichever instance a client asks can report them
 * (API.md decisions table: `GET /utils/jobs/:id` shows progress and the resulting file).
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  /** This process among the instances sharing the database: the owner of the jobs it runs. */
  readonly instance = INSTANCE_OWNER;
  private sweeper?: NodeJS.Timeout;
  /** Set at shutdown: the jobs of this process are failed, and their work stops at its next report. */
  private stopping = false;

  constructor(
    @InjectRepository(JobEntity) private readonly jobs: Repository<JobEntity>,
    private readonly logger: AppLogger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The injected clock's time: progress throttling, heartbeats and the abandoned-job sweep read it. */
  private at(): Date {
    return new Date(this.clock.now());
  }

  /** Jobs left `running` by an instance that died (killed, crashed) are failed at start-up and then periodically. */
  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), JOB_SWEEP_INTERVAL_MS).unref();
  }

  /**
   * At shutdown, after in-flight requests had SERVER_SHUTDOWN_TIMEOUT, and while the database is still
   * open: a job of this process cannot go on once it exits. It is failed now rather than when its
   * heartbeat has aged on another instance, so its caller learns it at once; its work stops (an import
   * rolls back) at its next progress report.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweeper);
    const now = this.at();
    const reason = new ServiceUnavailableError(
      'jobs',
      `The instance running this job (${this.instance}) shut down before it ended`,
    );
    const mine = { status: 'running' as const, owner: this.instance };
    try {
      const running = await this.jobs.find({ select: ['id'], where: mine });
      if (!running.length) return;
      await this.jobs.update(mine, {
        status: 'failed',
        errors: [serializeError(reason)],
        updated_on: now,
        finished_on: now,
      });
      this.logger.warn({ jobs: running.map((job) => job.id) }, 'jobs still running at shutdown marked failed');
    } catch (err) {
      this.logger.warn(
        { err },
        'could not mark the jobs of this instance at shutdown; other instances fail them once their heartbeat has aged',
      );
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  private async sweep(): Promise<void> {
    await this.failAbandoned().catch((err: unknown) => this.logger.warn({ err }, 'could not look for abandoned jobs'));
  }

  /**
   * Marks failed every running job whose heartbeat stopped (API.md decisions table: a job always ends),
   * with the reason in its errors, and at once every one whose owner is known to be gone (a process of
   * this host that no longer runs: an instance restarted after a kill -9 need not wait for the
   * heartbeat to age). The update repeats the conditions, so a job whose owner beats in the meantime
   * is left alone. Returns the ids it failed.
   */
  async failAbandoned(now = this.at()): Promise<string[]> {
    const cutoff = abandonedBefore(now);
    const running = await this.jobs.find({ select: ['id', 'owner', 'updated_on'], where: { status: 'running' } });
    const failed: string[] = [];
    for (const job of running) {
      const silent = job.updated_on < cutoff;
      if (!silent && !ownerIsGone(job.owner, this.instance)) continue;
      const reason = new ServiceUnavailableError(
        'jobs',
        `The instance running this job (${job.owner ?? 'unknown'}) stopped before it ended`,
      );
      const result = await this.jobs.update(
        silent
          ? { id: job.id, status: 'running', updated_on: LessThan(cutoff) }
          : { id: job.id, status: 'running', owner: job.owner! },
        { status: 'failed', errors: [serializeError(reason)], updated_on: now, finished_on: now },
      );
      if (result.affected) failed.push(job.id);
    }
    if (failed.length) this.logger.warn({ jobs: failed }, 'jobs abandoned by a stopped instance marked failed');
    return failed;
  }

  async start(
    type: JobType,
    collection: string,
    acc: Accountability,
    format: string | null = null,
  ): Promise<JobEntity> {
    const now = this.at();
    return this.jobs.save(
      this.jobs.create({
        id: randomUUID(),
        type,
        collection,
        format,
        status: 'running',
        user: acc.user,
        owner: this.instance,
        rows_done: 0,
        errors: null,
        file: null,
        created_on: now,
        updated_on: now,
        finished_on: null,
      }),
    );
  }

  /**
   * Runs `work` after the caller has answered (the `?background=true` import, every export) and
   * records how it ended. Returns at once.
   */
  runInBackground(job: JobEntity, work: (report: ReportProgress) => Promise<JobOutcome>): void {
    // The failure is already recorded on the job; nobody is waiting for it here.
    this.run(job, work).catch(() => undefined);
  }

  /** Runs `work` to its end, recording progress and outcome; rethrows the failure for the caller. */
  async run(job: JobEntity, work: (report: ReportProgress) => Promise<JobOutcome>): Promise<JobOutcome> {
    let lastWrite = this.clock.now();
    const report: ReportProgress = async (rowsDone) => {
      if (this.stopping) throw new ServiceUnavailableError('jobs', 'This instance is shutting down');
      if (this.clock.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastWrite = this.clock.now();
      await this.jobs.update({ id: job.id }, { rows_done: rowsDone, updated_on: this.at() });
    };
    // The heartbeat that tells other instances this job is alive, whatever its work is waiting for.
    const heartbeat = setInterval(() => {
      this.jobs.update({ id: job.id, status: 'running' }, { updated_on: this.at() }).catch(() => undefined);
    }, JOB_HEARTBEAT_MS).unref();
    try {
      const outcome = await work(report);
      const now = this.at();
      await this.jobs.update(
        { id: job.id },
        {
          status: 'completed',
          rows_done: outcome.rowsDone,
          file: outcome.file ?? null,
          updated_on: now,
          finished_on: now,
        },
      );
      return outcome;
    } catch (e) {
      // At shutdown the job is already failed, and the database is about to close.
      if (this.stopping) throw e;
      const errors = e instanceof AppErrorList ? e.errors : [e instanceof AppError ? e : new InternalServerError()];
      if (!(e instanceof AppError || e instanceof AppErrorList))
        this.logger.error({ err: e, job: job.id }, 'job failed');
      const now = this.at();
      await this.jobs
        .update(
          { id: job.id },
          { status: 'failed', errors: errors.map(serializeError), updated_on: now, finished_on: now },
        )
        .catch((err: unknown) => this.logger.error({ err, job: job.id }, 'could not record the failure of a job'));
      throw e;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** A job its owner (or an admin) may see; anything else, unknown ids included, is FORBIDDEN. */
  async readOne(id: string, acc: Accountability): Promise<JobEntity> {
    const job = UUID.test(id) ? await this.jobs.findOneBy({ id }) : null;
    if (!job || (!acc.admin && (acc.user === null || job.user !== acc.user))) throw new ForbiddenError();
    return job;
  }

  /** The caller's own jobs, newest first. */
  async readMine(acc: Accountability, limit: number): Promise<JobEntity[]> {
    if (acc.user === null) throw new ForbiddenError();
    return this.jobs.find({ where: { user: acc.user }, order: { created_on: 'DESC' }, take: limit });
  }

  /** How many jobs of each type are in each state (metrics); the labels are the code's own values. */
  async countByState(): Promise<{ type: JobType; status: JobStatus; count: number }[]> {
    const rows = await this.jobs
      .createQueryBuilder('job')
      .select('job.type', 'type')
      .addSelect('job.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('job.type')
      .addGroupBy('job.status')
      .getRawMany<{ type: JobType; status: JobStatus; count: number | string }>();
    return rows
      .filter((r) => JOB_TYPES.has(r.type) && JOB_STATUSES.has(r.status))
      .map((r) => ({ type: r.type, status: r.status, count: Number(r.count) }));
  }
}
