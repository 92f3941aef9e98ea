import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('svc_roles')
export class RoleEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'varchar', nullable: true }) icon!: string | null;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'text', nullable: true }) ip_access!: string | null;
  @Column({ type: 'boolean', default: false }) enforce_tfa!: boolean;
  @Column({ type: 'boolean', default: false }) admin_access!: boolean;
  @Column({ type: 'boolean', default: false }) app_access!: boolean;
}
