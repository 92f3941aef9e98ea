import { Column, Entity, PrimaryColumn } from 'typeorm';
import { jsonColumn } from '../../../database/json-column';

/** svc_versions (API.md 5): a named version of one item, its changes kept as a delta over the main item. */
@Entity('svc_versions')
export class VersionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 64 }) key!: string;
  @Column({ type: 'varchar', nullable: true }) name!: string | null;
  @Column({ type: 'varchar', length: 64 }) collection!: string;
  @Column({ type: 'varchar', nullable: true }) item!: string | null;
  @Column({ type: 'varchar', nullable: true }) hash!: string | null;
  @Column({ type: Date, nullable: true }) date_created!: Date | null;
  @Column({ type: Date, nullable: true }) date_updated!: Date | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) user_created!: string | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) user_updated!: string | null;
  /** The changes with their markers (who changed which field when), as VersionsService.save merges them. */
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) delta!: unknown;
}
