import { RunningServer, startServer } from '../../helpers/spawn-vellum';

/** The real entry point reads the whole environment: a misspelt variable is named at start, not silently ignored. */
describe('unknown variables at start', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const env = {
      DB_FILENAME: ':memory:',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      CORS_ENABLED: 'true',
      CORS_ORIGN: 'https://app.example.com',
      LOG_STYLE: 'raw',
      DB_SSL__REJECT_UNAUTHORIZED: 'false',
      STORAGE_CLOUD_KEY: 'key',
      AUTH_GOOGLE_CLIENT_ID: 'id',
    };
    server = await startServer(env, 20000 + Math.floor(Math.random() * 20000));
  });
  afterAll(() => server.stop());

  const warnings = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
      .filter((line) => line.variable !== undefined);

  it('warns about each, naming the nearest known variable', () => {
    expect(warnings()).toEqual([
      expect.objectContaining({
        level: 40,
        variable: 'CORS_ORIGN',
        nearest: 'CORS_ORIGIN',
        msg: 'CORS_ORIGN is not a Vellum variable and is ignored; did you mean CORS_ORIGIN?',
      }),
      expect.objectContaining({
        level: 40,
        variable: 'LOG_STYLE',
        nearest: 'LOG_LEVEL',
        msg: 'LOG_STYLE is not a Vellum variable and is ignored; the nearest known variable is LOG_LEVEL',
      }),
    ]);
  });

  it('says nothing of driver options, storage locations, auth providers or the rest of the environment', () => {
    expect(server.output()).not.toMatch(/DB_SSL|STORAGE_CLOUD|AUTH_GOOGLE|PATH/);
  });
});
