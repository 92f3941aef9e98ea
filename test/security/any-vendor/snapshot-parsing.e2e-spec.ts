import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { until } from '../../helpers/until';

const KEYS = 60_000;

/** A flat mapping of 60,000 keys: under the 1 MB upload limit, and no snapshot. */
const flatYaml = () => Array.from({ length: KEYS }, (_, i) => `key${i}: ${i}\n`).join('');
const flatObject = () => Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [`key${i}`, i]));

/**
 * Snapshots posted to /schema/diff are parsed in time linear in their size, and never hold up other
 * requests: the `yaml` package's duplicate-key check took 56 s on a 60,000-key mapping and stalled
 * /server/ping for over 20 s, since the app shares its one event loop with every request.
 */
describe('parsing large snapshots', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Runs `request` while pinging the server back to back; answers the request's response and how many
   * pings were answered before it. A parse that held the event loop would answer none
   * while it ran, so only the few sent during the upload would count.
   */
  async function whilePinging(request: () => PromiseLike<{ status: number; body: any }>) {
    let pings = 0;
    let done = false;
    const pinger = until(
      async () => {
        const res = await t.as('anonymous').get('/server/ping');
        expect(res.text).toBe('pong');
        if (!done) pings++;
        return done;
      },
      'the request answered',
      120_000,
    );
    const res = await request();
    done = true;
    await pinger;
    return { res, pings };
  }

  /** A YAML file is read off the request thread: many pings are answered while it is parsed. */
  const PINGS_WHILE_READING = 20;

  it('a 60,000-key YAML file: refused as no snapshot, pings answered while it is read', async () => {
    const yaml = Buffer.from(flatYaml());
    const { res, pings } = await whilePinging(() =>
      t.as('admin').post('/schema/diff').attach('file', yaml, { filename: 'snapshot.yaml', contentType: 'text/yaml' }),
    );
    await expectError(Promise.resolve(res), 400, 'INVALID_PAYLOAD');
    expect(res.body.errors[0].message).toBe('Invalid payload. "version" must be 1.');
    expect(pings).toBeGreaterThanOrEqual(PINGS_WHILE_READING);
  }, 120_000);

  it('a 60,000-key YAML file with a key given twice is refused for it', async () => {
    const yaml = Buffer.from(`${flatYaml()}key7: again\n`);
    const { res, pings } = await whilePinging(() =>
      t.as('admin').post('/schema/diff').attach('file', yaml, { filename: 'snapshot.yaml', contentType: 'text/yaml' }),
    );
    await expectError(Promise.resolve(res), 400, 'INVALID_PAYLOAD');
    expect(res.body.errors[0].message).toBe(
      `Invalid payload. The uploaded file is not valid YAML: Map keys must be unique: "key7" appears twice in one mapping (line ${KEYS + 1}).`,
    );
    expect(pings).toBeGreaterThanOrEqual(PINGS_WHILE_READING);
  }, 120_000);

  it.each<[string, (t: TestApp, json: string) => PromiseLike<{ status: number; body: any }>]>([
    [
      'as the JSON body',
      (app, json) => app.as('admin').post('/schema/diff').set('Content-Type', 'application/json').send(json),
    ],
    [
      'as a JSON file',
      (app, json) =>
        app
          .as('admin')
          .post('/schema/diff')
          .attach('file', Buffer.from(json), { filename: 's.json', contentType: 'application/json' }),
    ],
  ])(
    'a 60,000-key JSON snapshot %s: refused, pings still answered',
    async (_, request) => {
      const json = JSON.stringify(flatObject());
      const { res } = await whilePinging(() => request(t, json));
      await expectError(Promise.resolve(res), 400, 'INVALID_PAYLOAD');
    },
    120_000,
  );

  it('a YAML snapshot exported by Vellum still diffs, and a YAML file with a key twice in a nested mapping is refused', async () => {
    const exported = await t.as('admin').get('/schema/snapshot?export=yaml').buffer(true);
    const same = await t
      .as('admin')
      .post('/schema/diff')
      .attach('file', Buffer.from(exported.text), { filename: 'snapshot.yaml', contentType: 'text/yaml' });
    expect(same.status).toBe(204);
    const twice = exported.text.replace(/^vendor: (\S+)$/m, 'vendor: $1\nvendor: $1');
    expect(twice).not.toBe(exported.text);
    const res = await expectError(
      t
        .as('admin')
        .post('/schema/diff')
        .attach('file', Buffer.from(twice), { filename: 'snapshot.yaml', contentType: 'text/yaml' }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(res.body.errors[0].message).toContain('Map keys must be unique: "vendor" appears twice');
  });

  it('a JSON snapshot with a key twice keeps the last, as every JSON body does', async () => {
    const snapshot = (await t.as('admin').get('/schema/snapshot')).body.data;
    const text = JSON.stringify(snapshot).replace(/^\{/, '{"vendor":"other",');
    const res = await t.as('admin').post('/schema/diff').set('Content-Type', 'application/json').send(text);
    expect(res.status).toBe(204);
  });
});
