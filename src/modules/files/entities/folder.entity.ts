import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `svc_folders`: a tree of virtual folders for files. */
@Entity('svc_folders')
export class FolderEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'varchar', length: 36, nullable: true }) parent!: string | null;
}
