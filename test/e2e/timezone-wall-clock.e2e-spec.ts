import { createCollection } from '../factories/collection.factory';
import { startServer, RunningServer } from '../helpers/spawn-vellum';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/**
 * API.md 11: `date`, `time` and `dateTime` are wall-clock values, read back as written whatever the
 * server's time zone, and `timestamp` values are instants answered in UTC. As the reference suite's
 * tz-asia and tz-america files do, rows written by a server in UTC are read, and written, by a server
 * started with another TZ on the same database.
 */
describe('date values on servers in other time zones', () => {
  let t: TestApp;
  let c: string;
  const rows = [
    { date: '2022-01-05', time: '00:11:11', datetime: '2022-01-05T00:11:11', timestamp: '2022-01-05T00:11:11-01:00' },
    { date: '2022-01-10', time: '23:22:22', datetime: '2022-01-10T23:22:22', timestamp: '2022-01-10T23:22:22Z' },
    { date: '2022-01-15', time: '12:33:33', datetime: '2022-01-15T12:33:33', timestamp: '2022-01-15T12:33:33+02:00' },
  ];
  const answered = rows.map((row) => ({ ...row, timestamp: new Date(row.timestamp).toISOString() }));

  beforeAll(async () => {
    t = await createTestApp();
    c = await createCollection(t, uniq('tz'), [
      { field: 'date', type: 'date' },
      { field: 'time', type: 'time' },
      { field: 'datetime', type: 'dateTime' },
      { field: 'timestamp', type: 'timestamp' },
    ]);
    expect((await t.as('admin').post(`/items/${c}`).send(rows)).status).toBe(200);
  });
  afterAll(() => t.close());

  async function call(
    server: RunningServer,
    token: string,
    path: string,
    init: RequestInit = {},
  ): Promise<{ status: number; body: any }> {
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });
    return { status: res.status, body: await res.json() };
  }

  it.each(['Asia/Seoul', 'America/Sao_Paulo'])(
    'reads and writes them as written with TZ=%s',
    async (zone) => {
      const server = await startServer({ ...t.database.env, TZ: zone }, 20000 + Math.floor(Math.random() * 20000));
      try {
        const login = await fetch(`${server.url}/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
        });
        const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
        const fields = 'fields=date,time,datetime,timestamp&sort=id';
        expect((await call(server, token, `/items/${c}?${fields}&limit=3`)).body.data).toEqual(answered);
        const one = await call(
          server,
          token,
          `/items/${c}?fields=date,day(datetime)&filter[date][_eq]=2022-01-05&filter[datetime][_eq]=2022-01-05T00:11:11`,
        );
        expect(one.body.data).toEqual([{ date: '2022-01-05', datetime_day: 5 }]);
        const written = await call(server, token, `/items/${c}?${fields}`, {
          method: 'POST',
          body: JSON.stringify(rows[0]),
        });
        expect(written.body.data).toEqual(answered[0]);
        const id = (await call(server, token, `/items/${c}?fields=id&sort=-id&limit=1`)).body.data[0].id;
        expect((await t.as('admin').get(`/items/${c}/${id}?fields=date,time,datetime,timestamp`)).body.data).toEqual(
          answered[0],
        );
        expect((await t.as('admin').delete(`/items/${c}/${id}`)).status).toBe(204);
      } finally {
        await server.stop();
      }
    },
    120_000,
  );
});
