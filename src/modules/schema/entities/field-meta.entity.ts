import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { csvColumn } from '../../../database/csv-column';
import { jsonColumn } from '../../../database/json-column';

@Entity('svc_fields')
export class FieldMetaEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar' }) collection!: string;
  @Column({ type: 'varchar' }) field!: string;
  @Column({ type: 'varchar', nullable: true }) type!: string | null;
  @Column({ type: 'varchar', nullable: true, transformer: csvColumn }) special!: string[] | null;
  @Column({ type: 'varchar', nullable: true }) interface!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) options!: Record<string, unknown> | null;
  @Column({ type: 'varchar', nullable: true }) display!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) display_options!: Record<string, unknown> | null;
  @Column({ type: 'boolean', default: false }) readonly!: boolean;
  @Column({ type: 'boolean', default: false }) hidden!: boolean;
  @Column({ type: 'integer', nullable: true }) sort!: number | null;
  @Column({ type: 'varchar', nullable: true }) width!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) translations!: unknown[] | null;
  @Column({ type: 'text', nullable: true }) note!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) conditions!: unknown[] | null;
  @Column({ type: 'boolean', default: false }) required!: boolean;
  @Column({ type: 'varchar', nullable: true }) group!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) validation!: Record<string, unknown> | null;
  @Column({ type: 'text', nullable: true }) validation_message!: string | null;
  @Column({ type: 'boolean', default: true }) searchable!: boolean;
}
