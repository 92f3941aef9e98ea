import { Column, Entity, PrimaryColumn } from 'typeorm';
import { jsonColumn } from '../../../database/json-column';

export type JobType = 'import' | 'export';
export type JobStatus = 'running' | 'completed' | 'failed';

/** One import or export run (svc_jobs); the API answers these columns as they are. */
@Entity('svc_jobs')
export class JobEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar' }) type!: JobType;
  @Column({ type: 'varchar' }) collection!: string;
  @Column({ type: 'varchar', nullable: true }) format!: string | null;
  @Column({ type: 'varchar' }) status!: JobStatus;
  @Column({ type: 'varchar', nullable: true }) user!: string | null;
  /** The instance running the job; its heartbeat is `updated_on` (JobsService). */
  @Column({ type: 'varchar', nullable: true }) owner!: string | null;
  @Column({ type: 'integer', default: 0 }) rows_done!: number;
  /** The standard error objects (`{ message, extensions }`) that ended a failed job. */
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) errors!: unknown[] | null;
  /** The file an export wrote. */
  @Column({ type: 'varchar', nullable: true }) file!: string | null;
  @Column({ type: Date }) created_on!: Date;
  /** Written by the owner at least every JOB_HEARTBEAT_MS while the job runs. */
  @Column({ type: Date }) updated_on!: Date;
  @Column({ type: Date, nullable: true }) finished_on!: Date | null;
}
