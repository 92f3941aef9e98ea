import { Column, Entity, PrimaryColumn } from 'typeorm';
import { jsonColumn } from '../../../database/json-column';

export type UserStatus = 'draft' | 'invited' | 'unverified' | 'active' | 'suspended' | 'archived';

@Entity('svc_users')
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', nullable: true }) first_name!: string | null;
  @Column({ type: 'varchar', nullable: true }) last_name!: string | null;
  @Column({ type: 'varchar', nullable: true }) email!: string | null;
  @Column({ type: 'varchar', nullable: true }) password!: string | null;
  @Column({ type: 'varchar', nullable: true }) location!: string | null;
  @Column({ type: 'varchar', nullable: true }) title!: string | null;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) tags!: string[] | null;
  @Column({ type: 'varchar', nullable: true }) avatar!: string | null;
  @Column({ type: 'varchar', nullable: true }) language!: string | null;
  @Column({ type: 'varchar', nullable: true }) tfa_secret!: string | null;
  @Column({ type: 'varchar', default: 'active' }) status!: UserStatus;
  @Column({ type: 'varchar', nullable: true }) role!: string | null;
  /** SHA-256 of the static token; the token itself is shown once when set. */
  @Column({ type: 'varchar', nullable: true }) token!: string | null;
  @Column({ type: Date, nullable: true }) last_access!: Date | null;
  @Column({ type: 'varchar', nullable: true }) last_page!: string | null;
  @Column({ type: 'varchar', default: 'default' }) provider!: string;
  @Column({ type: 'varchar', nullable: true }) external_identifier!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) auth_data!: unknown;
  @Column({ type: 'boolean', default: true }) email_notifications!: boolean;
  @Column({ type: 'varchar', nullable: true }) appearance!: string | null;
  @Column({ type: 'varchar', nullable: true }) theme_dark!: string | null;
  @Column({ type: 'varchar', nullable: true }) theme_light!: string | null;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) theme_light_overrides!: unknown;
  @Column({ type: 'text', nullable: true, transformer: jsonColumn }) theme_dark_overrides!: unknown;
  @Column({ type: 'varchar', default: 'auto' }) text_direction!: string;
}
