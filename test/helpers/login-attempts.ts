import { DataSource } from 'typeorm';
import type { TestApp } from './test-app';

/** `settings.auth_login_attempts`: failed sign-ins before a lockout (null: no lockout). */
export async function setLoginAttempts(t: TestApp, attempts: number | null): Promise<void> {
  await t.app
    .get(DataSource)
    .query(`UPDATE svc_settings SET auth_login_attempts = ${attempts === null ? 'NULL' : attempts}`);
}
