import { Column, Entity, PrimaryColumn } from 'typeorm';
import { jsonColumn } from '../../../database/json-column';

@Entity('svc_collections')
export class CollectionMetaEntity {
  @PrimaryColumn({ type: 'varchar' }) collection!: string;
  @Column({ type: 'varchar', nullable: true }) icon!: string | null;
  @Column({ type: 'text', nullable: true }) note!: string | null;
  @Column({ type: 'varchar', nullable: true }) display_template!: string | null;
  @Column({ type: 'boolean', default: false }) hidden!: boolean;
  @Column({ type: 'boolean', default: false }) singleton!: boolean;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) translations!: unknown[] | null;
  @Column({ type: 'varchar', nullable: true }) archive_field!: string | null;
  @Column({ type: 'boolean', default: true }) archive_app_filter!: boolean;
  @Column({ type: 'varchar', nullable: true }) archive_value!: string | null;
  @Column({ type: 'varchar', nullable: true }) unarchive_value!: string | null;
  @Column({ type: 'varchar', nullable: true }) sort_field!: string | null;
  @Column({ type: 'varchar', nullable: true }) accountability!: 'all' | 'activity' | null;
  @Column({ type: 'varchar', nullable: true }) color!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) item_duplication_fields!: string[] | null;
  @Column({ type: 'integer', nullable: true }) sort!: number | null;
  @Column({ type: 'varchar', nullable: true }) group!: string | null;
  @Column({ type: 'varchar', default: 'open' }) collapse!: string;
  @Column({ type: 'varchar', nullable: true }) preview_url!: string | null;
  @Column({ type: 'boolean', default: false }) versioning!: boolean;
  @Column({ type: 'varchar', default: 'active' }) status!: 'active' | 'inactive';
  @Column({ type: 'double precision', nullable: true }) autosave_revision_interval!: number | null;
}
