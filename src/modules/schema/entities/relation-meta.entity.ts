import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { csvColumn } from '../../../database/csv-column';

@Entity('svc_relations')
export class RelationMetaEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar' }) many_collection!: string;
  @Column({ type: 'varchar' }) many_field!: string;
  @Column({ type: 'varchar', nullable: true }) one_collection!: string | null;
  @Column({ type: 'varchar', nullable: true }) one_field!: string | null;
  @Column({ type: 'varchar', nullable: true }) one_collection_field!: string | null;
  @Column({ type: 'text', nullable: true, transformer: csvColumn }) one_allowed_collections!: string[] | null;
  @Column({ type: 'varchar', nullable: true }) junction_field!: string | null;
  @Column({ type: 'varchar', nullable: true }) sort_field!: string | null;
  @Column({ type: 'varchar', default: 'nullify' }) one_deselect_action!: string;
}
