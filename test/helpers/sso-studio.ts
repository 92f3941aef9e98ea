import { createRole, grant } from '../factories/user.factory';
import { startStudioBrowser, StudioBrowser } from './studio-browser';
import { createTestApp, TestApp } from './test-app';
import { provisionDatabase, TestDatabase } from './test-database';

export interface SsoStudio {
  t: TestApp;
  studio: StudioBrowser;
  close(): Promise<void>;
}

/**
 * The Studio in Chromium on `port` (the port the identity provider was told to send people back to), on a
 * database of its own whose app reads the single sign-on variables `env` gives for `role`, a role that may read
 * users, so a person signed in that way sees the users page.
 */
export async function startSsoStudio(port: number, env: (role: string) => Record<string, string>): Promise<SsoStudio> {
  const database: TestDatabase = await provisionDatabase();
  const first = await createTestApp({ database });
  const role = await createRole(first);
  await grant(first, role, 'svc_users', 'read');
  await first.close();
  const t = await createTestApp({ database, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env(role) } });
  const studio = await startStudioBrowser(t, port);
  return {
    t,
    studio,
    async close() {
      await studio.close();
      await t.close();
      await database.drop();
    },
  };
}
