import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('svc_sessions')
export class SessionEntity {
  /** SHA-256 hex of the refresh/session token: a leaked table does not leak live sessions. */
  @PrimaryColumn({ type: 'varchar', length: 64 }) token!: string;
  @Column({ type: 'varchar', nullable: true }) user!: string | null;
  @Column({ type: Date }) expires!: Date;
  @Column({ type: 'varchar', nullable: true }) ip!: string | null;
  @Column({ type: 'text', nullable: true }) user_agent!: string | null;
  @Column({ type: 'varchar', nullable: true }) origin!: string | null;
  @Column({ type: 'varchar', nullable: true }) share!: string | null;
  @Column({ type: 'varchar', nullable: true }) next_token!: string | null;
}
