import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNodeArgs, startServer } from '../../helpers/spawn-vellum';
import { until } from '../../helpers/until';

/** `npm start` runs this entry point on the embedded SQLite database, as a new user would. */
describe('starting Vellum', () => {
  it("bounds the server's heap growth the same way under npm start and in the Docker image", () => {
    expect(startNodeArgs()).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=200']);
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(__dirname, '..', '..', '..', 'Dockerfile'), 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...startNodeArgs(), 'dist/src/main.js']);
  });

  const dir = mkdtempSync(join(tmpdir(), 'vellum-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves on the embedded database, prints a generated admin password once, and reuses the data', async () => {
    const env = { DB_FILENAME: join(dir, 'data', 'vellum.db') };
    const port = 20000 + Math.floor(Math.random() * 20000);
    const first = await startServer({ ...env, LOG_LEVEL: 'info' }, port);
    let password: string | undefined;
    try {
      password = /First admin created: admin@example\.com \/ (\S+)/.exec(first.output())?.[1];
      expect(password).toBeDefined();
      // Not a terminal: JSON lines, without Nest's line per module and per route.
      expect(first.output()).not.toMatch(/Mapped \{|dependencies initialized|RouterExplorer/);
      const logLines = first
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'));
      expect(logLines.length).toBeGreaterThan(0);
      for (const line of logLines) expect(() => JSON.parse(line)).not.toThrow();
      const login = await fetch(`${first.url}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password }),
      });
      expect(login.status).toBe(200);
      // The first admin is one through the Administrator policy attached to their role.
      const { access_token } = ((await login.json()) as { data: { access_token: string } }).data;
      const globals = await fetch(`${first.url}/policies/me/globals`, {
        headers: { Authorization: `Bearer ${access_token}` },
      });
      expect(((await globals.json()) as { data: unknown }).data).toEqual({
        admin_access: true,
        app_access: true,
        enforce_tfa: false,
      });
    } finally {
      await first.stop();
    }

    const second = await startServer({ ...env, LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, port + 1);
    try {
      expect(second.output()).not.toContain('First admin created');
      const health = await fetch(`${second.url}/server/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      // The built server serves the built Studio, deep links included.
      const studio = await fetch(`${second.url}/admin/content`);
      expect(studio.status).toBe(200);
      expect(await studio.text()).toContain('<title>Vellum Studio</title>');
      // LOG_FORMAT=pretty: the request's log line is one a person reads (level and message), not JSON.
      await until(() => /INFO.*request/.test(second.output()), 'the request logged', 2_000);
      expect(second.output()).toMatch(/INFO.*request/);
      expect(
        second
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{')),
      ).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});
