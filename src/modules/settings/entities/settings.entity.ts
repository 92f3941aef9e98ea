import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { jsonColumn } from '../../../database/json-column';

@Entity('svc_settings')
export class SettingsEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', default: 'Vellum' }) project_name!: string;
  @Column({ type: 'varchar', nullable: true }) project_url!: string | null;
  @Column({ type: 'varchar', nullable: true }) project_color!: string | null;
  @Column({ type: 'varchar', nullable: true }) project_logo!: string | null;
  @Column({ type: 'varchar', nullable: true }) project_descriptor!: string | null;
  @Column({ type: 'varchar', default: 'en-US' }) default_language!: string;
  @Column({ type: 'integer', nullable: true }) auth_login_attempts!: number | null;
  @Column({ type: 'varchar', nullable: true }) auth_password_policy!: string | null;
  @Column({ type: 'varchar', nullable: true }) storage_asset_transform!: 'all' | 'presets' | 'none' | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) storage_asset_presets!: unknown[] | null;
  @Column({ type: 'varchar', nullable: true }) storage_default_folder!: string | null;
  @Column({ type: 'text', nullable: true }) custom_css!: string | null;
  @Column({ type: 'varchar', nullable: true }) public_foreground!: string | null;
  @Column({ type: 'varchar', nullable: true }) public_background!: string | null;
  @Column({ type: 'varchar', nullable: true }) public_favicon!: string | null;
  @Column({ type: 'text', nullable: true }) public_note!: string | null;
}
