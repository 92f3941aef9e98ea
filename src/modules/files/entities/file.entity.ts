import { Column, Entity, PrimaryColumn } from 'typeorm';
import { jsonColumn } from '../../../database/json-column';

/** PostgreSQL and MySQL answer bigints as strings; file sizes stay far below 2^53. */
const bigintNumber = {
  to: (value: unknown) => value,
  from: (value: unknown) => (value === null || value === undefined ? value : Number(value)),
};

/** `svc_files` (API.md 6.1): the record of a stored object. */
@Entity('svc_files')
export class FileEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar' }) storage!: string;
  @Column({ type: 'varchar', nullable: true }) filename_disk!: string | null;
  @Column({ type: 'varchar' }) filename_download!: string;
  @Column({ type: 'varchar', nullable: true }) title!: string | null;
  @Column({ type: 'varchar', nullable: true }) type!: string | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) folder!: string | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) uploaded_by!: string | null;
  @Column({ type: Date }) created_on!: Date;
  @Column({ type: 'varchar', length: 36, nullable: true }) modified_by!: string | null;
  @Column({ type: Date }) modified_on!: Date;
  @Column({ type: 'varchar', nullable: true }) charset!: string | null;
  @Column({ type: 'bigint', nullable: true, transformer: bigintNumber }) filesize!: number | null;
  @Column({ type: 'integer', nullable: true }) width!: number | null;
  @Column({ type: 'integer', nullable: true }) height!: number | null;
  @Column({ type: 'integer', nullable: true }) duration!: number | null;
  @Column({ type: 'varchar', nullable: true }) embed!: string | null;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'text', nullable: true }) location!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) tags!: string[] | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) metadata!: Record<string, unknown> | null;
  @Column({ type: 'integer', nullable: true }) focal_point_x!: number | null;
  @Column({ type: 'integer', nullable: true }) focal_point_y!: number | null;
  @Column({ type: 'varchar', nullable: true }) tus_id!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) tus_data!: unknown;
  @Column({ type: Date, nullable: true }) uploaded_on!: Date | null;
}
