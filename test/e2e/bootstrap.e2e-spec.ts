import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/load-config';
import { createApp } from '../../src/create-app';
import { createTestApp } from '../helpers/test-app';
import { provisionDatabase } from '../helpers/test-database';

describe('first admin', () => {
  it('prints the generated password once and never again', async () => {
    const database = await provisionDatabase();
    const lines: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SECRET: 'x'.repeat(40),
      HASH_MEMORY_COST: '4096',
      HASH_TIME_COST: '2',
      LOGIN_STALL_TIME: '0',
      ...database.env,
    };
    try {
      const first = await createApp(loadConfig(env));
      const announced = lines.join('');
      const match = /First admin created: admin@example\.com \/ (\S+)/.exec(announced);
      expect(match).not.toBeNull();
      const login = await request(first.getHttpServer())
        .post('/auth/login')
        .send({ email: 'admin@example.com', password: match![1] });
      expect(login.status).toBe(200);
      expect(login.body.data).toEqual({
        expires: 900000,
        access_token: expect.any(String),
        refresh_token: expect.any(String),
      });
      await first.close();

      lines.length = 0;
      const second = await createApp(loadConfig(env));
      expect(lines.join('')).not.toContain('First admin created');
      const count = await second.get(DataSource).query('SELECT COUNT(*) AS n FROM svc_users');
      expect(Number(count[0].n)).toBe(1);
      await second.close();
    } finally {
      spy.mockRestore();
      await database.drop();
    }
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when they are set', async () => {
    const t = await createTestApp({ env: { ADMIN_EMAIL: 'boss@example.org', ADMIN_PASSWORD: 'a-strong-password' } });
    try {
      expect(await t.login('boss@example.org', 'a-strong-password')).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  });

  it("gives the first admin an Administrator role whose admin and app access come from an attached Administrator policy, as the reference's install", async () => {
    const t = await createTestApp();
    try {
      const fields =
        'role.name,role.admin_access,role.app_access,role.policies.policy.name,role.policies.policy.admin_access,role.policies.policy.app_access';
      const me = (await t.as('admin').get(`/users/me?fields=${fields}`).expect(200)).body.data;
      expect(me.role).toEqual({
        name: 'Administrator',
        admin_access: false,
        app_access: false,
        policies: [{ policy: { name: 'Administrator', admin_access: true, app_access: true } }],
      });
      expect((await t.as('admin').get('/policies/me/globals').expect(200)).body.data).toEqual({
        admin_access: true,
        app_access: true,
        enforce_tfa: false,
      });
    } finally {
      await t.close();
    }
  });
});
