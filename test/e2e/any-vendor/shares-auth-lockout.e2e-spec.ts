import { createCollection } from '../../factories/collection.factory';
import { expectError } from '../../helpers/expect-error';
import { setLoginAttempts } from '../../helpers/login-attempts';
import { sources, Sources } from '../../helpers/sources';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';

/** Long, as in production: the test moves the app's clock past it instead of waiting. */
const LOCKOUT_MS = 15 * 60_000;

/** Share passwords are counted and locked like user sign-ins: per share and source. */
describe('POST /shares/auth lockout', () => {
  let t: TestApp;
  let src: Sources;
  let collection: string;
  let item: string;
  const signIn = (from: string, share: string, password: string) => src.post(from, '/shares/auth', { share, password });
  const share = async (password: string) =>
    (await t.as('admin').post('/shares').send({ collection, item, password })).body.data.id as string;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_LOCKOUT_DURATION: `${LOCKOUT_MS}ms`, AUTH_LOGIN_IP_ATTEMPTS: '6' } });
    await setLoginAttempts(t, 3);
    src = await sources(t.server);
    collection = await createCollection(t, uniq('shared'), [{ field: 'title', type: 'string' }]);
    item = String((await t.as('admin').post(`/items/${collection}`).send({ title: 'x' })).body.data.id);
  });
  afterAll(async () => {
    src.close();
    await t.close();
  });

  it('locks the share for a source after auth_login_attempts wrong passwords, refusing the right one until the lockout ends', async () => {
    const id = await share('right');
    for (let i = 0; i < 3; i++) await expectError(signIn('127.0.0.2', id, 'wrong'), 401, 'INVALID_CREDENTIALS');
    await expectError(signIn('127.0.0.2', id, 'right'), 401, 'INVALID_CREDENTIALS');
    expect((await signIn('127.0.0.3', id, 'right')).status).toBe(200);
    t.clock.advance(LOCKOUT_MS + 1);
    expect((await signIn('127.0.0.2', id, 'right')).status).toBe(200);
  });

  it('starts counting again after a successful sign-in', async () => {
    const id = await share('right');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) await expectError(signIn('127.0.0.4', id, 'wrong'), 401, 'INVALID_CREDENTIALS');
      expect((await signIn('127.0.0.4', id, 'right')).status).toBe(200);
    }
  });

  it('counts failed share sign-ins towards the per-source limit', async () => {
    const ids = [await share('a'), await share('b'), await share('c')];
    for (const id of ids)
      for (let i = 0; i < 2; i++) await expectError(signIn('127.0.0.5', id, 'wrong'), 401, 'INVALID_CREDENTIALS');
    await expectError(signIn('127.0.0.5', ids[0], 'a'), 429, 'REQUESTS_EXCEEDED');
    expect((await signIn('127.0.0.6', ids[0], 'a')).status).toBe(200);
  });
});
