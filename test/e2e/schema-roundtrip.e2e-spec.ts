import { createSampleSchema } from '../factories/schema.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { provisionDatabase, testClient, TestDatabase } from '../helpers/test-database';

type Snap = { vendor: string } & Record<string, unknown>;

const CYCLE = ['sqlite', 'mariadb', 'postgres'];
const here = testClient() === 'mysql' ? 'mariadb' : testClient();
const start = CYCLE.indexOf(here);
/** From this run's vendor through the two others and back to a fresh instance of the first. */
const CHAIN = [1, 2, 3].map((step) => CYCLE[(start + step) % CYCLE.length]);

describe(`schema round trip ${[here, ...CHAIN].join(' → ')}`, () => {
  let source: TestApp;
  let origin: Snap;
  let previous: Snap;
  const opened: { app: TestApp; database: TestDatabase }[] = [];

  const snapshot = async (t: TestApp): Promise<Snap> => (await t.as('admin').get('/schema/snapshot')).body.data;

  beforeAll(async () => {
    source = await createTestApp();
    await createSampleSchema(source, 'trip');
    origin = await snapshot(source);
    previous = origin;
  });
  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.drop();
    }
    await source.close();
  });

  it('diffs a snapshot against its own instance to nothing', async () => {
    expect((await source.as('admin').post('/schema/diff').send(origin)).status).toBe(204);
  });

  it.each(CHAIN.map((vendor, i) => [vendor, i]))(
    'applies the previous snapshot onto an empty %s instance',
    async (vendor) => {
      const database = await provisionDatabase(vendor);
      const target = await createTestApp({ database });
      opened.push({ app: target, database });
      const admin = target.as('admin');

      if (previous.vendor !== (await snapshot(target)).vendor) {
        expect((await admin.post('/schema/diff').send(previous)).status).toBe(400);
      }
      const diff = await admin.post('/schema/diff?force=true').send(previous);
      expect(diff.status).toBe(200);
      const applied = await admin.post('/schema/apply').send(diff.body.data);
      expect({ status: applied.status, body: applied.body }).toEqual({ status: 204, body: {} });

      const copy = await snapshot(target);
      expect((await admin.post('/schema/diff?force=true').send(previous)).status).toBe(204);
      expect((await admin.post('/schema/diff?force=true').send(origin)).status).toBe(204);
      expect((await source.as('admin').post('/schema/diff?force=true').send(copy)).status).toBe(204);
      previous = copy;
    },
  );
});
