import { Column, Entity, PrimaryColumn } from 'typeorm';
import { jsonColumn } from '../../../database/json-column';
import type { SchemaApplyStep } from '../../../common/errors/errors';

/** One schema apply under way on a database whose DDL commits step by step (svc_schema_applies). */
@Entity('svc_schema_applies')
export class SchemaApplyEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  /** The instance running it (src/common/instance-owner.ts); its heartbeat is `updated_on`. */
  @Column({ type: 'varchar' }) owner!: string;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) steps!: SchemaApplyStep[] | null;
  /** How many steps, from the first, are committed. */
  @Column({ type: 'integer', default: 0 }) applied!: number;
  @Column({ type: Date }) started_on!: Date;
  @Column({ type: Date }) updated_on!: Date;
}
