import { provisionDatabase, TestDatabase } from '../helpers/test-database';
import { runCli } from '../helpers/spawn-vellum';
import { createTestApp } from '../helpers/test-app';

describe('command line', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await provisionDatabase();
    env = { ...database.env, ADMIN_PASSWORD: 'cli-admin-password' };
  });
  afterAll(() => database.drop());

  it('bootstrap migrates and creates the first admin, and can run again', () => {
    const first = runCli(['bootstrap'], env);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('Database ready.');
    expect(runCli(['bootstrap'], env).status).toBe(0);
  });

  it('users create makes a user who can log in, with the role by name', async () => {
    const created = runCli(
      ['users', 'create', '--email', 'editor@example.com', '--password', 'editor-pass-1', '--role', 'Administrator'],
      env,
    );
    expect(created.status).toBe(0);
    expect(created.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
    const t = await createTestApp({ database, env: { ADMIN_PASSWORD: 'cli-admin-password' } });
    try {
      const token = await t.login('editor@example.com', 'editor-pass-1');
      // The bootstrap's Administrator role gives admin access through its attached policy.
      expect((await t.as(token).get('/policies/me/globals').expect(200)).body.data).toMatchObject({
        admin_access: true,
        app_access: true,
      });
    } finally {
      await t.close();
    }
  });

  it.each([
    [
      'an existing email',
      ['users', 'create', '--email', 'editor@example.com', '--password', 'x1234567'],
      1,
      'already exists',
    ],
    [
      'an unknown role',
      ['users', 'create', '--email', 'n@example.com', '--password', 'x1234567', '--role', 'Nobody'],
      1,
      'No role',
    ],
    ['a missing option', ['users', 'create', '--email', 'n@example.com'], 2, '--password'],
    ['an unknown command', ['frobnicate'], 2, 'unknown command'],
  ])('fails on %s', (_label, args, code, message) => {
    const result = runCli(args, env);
    expect(result.status).toBe(code);
    expect(result.stderr).toContain(message);
  });
});
