import request from 'supertest';
import { createUser } from '../../factories/user.factory';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { socketUrl, TestSocket } from '../../helpers/ws-client';

describe('WebSocket API: transport and authentication', () => {
  describe('handshake mode', () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true', WEBSOCKETS_REST_AUTH_TIMEOUT: '0.5' } });
      url = await socketUrl(t);
    });
    afterAll(() => t.close());

    it('accepts an access token as the first message', async () => {
      const s = await TestSocket.open(url);
      s.send({ type: 'auth', access_token: t.adminToken, uid: 'a1' });
      expect(await s.next()).toEqual({ type: 'auth', status: 'ok', uid: 'a1' });
      expect(await s.request({ type: 'ping', uid: 'p1' })).toEqual({ type: 'pong', uid: 'p1' });
      s.close();
    });

    it('logs in with email and password, answering a refresh token that authenticates another socket', async () => {
      const user = await createUser(t, {});
      const s = await TestSocket.open(url);
      s.send({ type: 'auth', email: user.email, password: user.password });
      const answer = await s.next();
      expect(answer).toEqual({ type: 'auth', status: 'ok', refresh_token: expect.any(String) });
      const other = await TestSocket.open(url);
      other.send({ type: 'auth', refresh_token: answer.refresh_token });
      const refreshed = await other.next();
      expect(refreshed).toEqual({ type: 'auth', status: 'ok', refresh_token: expect.any(String) });
      expect(refreshed.refresh_token).not.toBe(answer.refresh_token);
      s.close();
      other.close();
    });

    it.each([
      ['a bad token', { type: 'auth', access_token: 'nope' }, 'Authentication handshake failed.'],
      [
        'wrong credentials',
        { type: 'auth', email: 'nobody@example.com', password: 'wrong-password' },
        'Authentication handshake failed.',
      ],
      ['a first message that is not auth', { type: 'ping' }, 'Authentication handshake failed.'],
    ])('answers AUTH_FAILED and closes on %s', async (_what, message, text) => {
      const s = await TestSocket.open(url);
      s.send(message);
      expect(await s.next()).toEqual({ type: 'auth', status: 'error', error: { code: 'AUTH_FAILED', message: text } });
      await s.closed;
    });

    it('closes a connection that does not authenticate within the timeout', async () => {
      const s = await TestSocket.open(url);
      const started = Date.now();
      expect(await s.next()).toEqual({
        type: 'auth',
        status: 'error',
        error: { code: 'AUTH_FAILED', message: 'Authentication handshake failed.' },
      });
      await s.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    });

    it('refuses upgrades on any other path', async () => {
      await expect(TestSocket.open(url.replace('/websocket', '/other'))).rejects.toThrow();
      await expect(TestSocket.open(`${url}/more`)).rejects.toThrow();
    });

    it('answers a malformed message with INVALID_PAYLOAD and keeps the connection', async () => {
      const s = await TestSocket.authenticated(url, t.adminToken);
      s.ws.send('not json');
      expect(await s.next()).toEqual({
        type: 'server',
        status: 'error',
        error: { code: 'INVALID_PAYLOAD', message: expect.any(String) },
      });
      s.send({ type: 'subscribe', uid: 'x' });
      expect(await s.next()).toMatchObject({
        type: 'subscribe',
        status: 'error',
        error: { code: 'INVALID_PAYLOAD' },
        uid: 'x',
      });
      expect(await s.request({ type: 'ping', uid: 2 })).toEqual({ type: 'pong', uid: 2 });
      s.close();
    });

    it('re-authenticates on a later auth message; a failed one drops to the public role', async () => {
      const s = await TestSocket.authenticated(url, t.adminToken);
      s.send({ type: 'auth', access_token: 'forged', uid: 'r' });
      expect(await s.next()).toMatchObject({ type: 'auth', status: 'error', error: { code: 'AUTH_FAILED' }, uid: 'r' });
      s.send({ type: 'items', collection: 'anything', action: 'read', uid: 'i' });
      expect(await s.next()).toMatchObject({ type: 'items', status: 'error', error: { code: 'FORBIDDEN' }, uid: 'i' });
      s.close();
    });

    it('describes the socket in /server/info for signed-in users', async () => {
      const res = await t.as('admin').get('/server/info');
      expect(res.body.data.websocket).toEqual({
        rest: { authentication: 'handshake', path: '/websocket' },
        graphql: { authentication: 'handshake', path: '/graphql' },
        heartbeat: 30,
        logs: false,
      });
    });

    it('lets the app close with sockets open', async () => {
      await TestSocket.authenticated(url, t.adminToken);
    });
  });

  describe('strict mode', () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await createTestApp({
        env: { WEBSOCKETS_ENABLED: 'true', WEBSOCKETS_REST_AUTH: 'strict', WEBSOCKETS_REST_PATH: '/live' },
      });
      url = await socketUrl(t, '/live');
    });
    afterAll(() => t.close());

    it('refuses the upgrade with 401 without a valid ?access_token=', async () => {
      await expect(TestSocket.open(url)).rejects.toThrow('HTTP 401');
      await expect(TestSocket.open(`${url}?access_token=forged`)).rejects.toThrow('HTTP 401');
    });

    it('accepts a valid token on the URL, with no handshake', async () => {
      const s = await TestSocket.open(`${url}?access_token=${t.adminToken}`);
      expect(await s.request({ type: 'ping', uid: 1 })).toEqual({ type: 'pong', uid: 1 });
      s.close();
    });

    it('answers plain HTTP on the socket path as any unknown route', async () => {
      const res = await request(t.server).get('/live');
      expect(res.status).toBe(404);
    });
  });

  describe('heartbeat and public mode', () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          WEBSOCKETS_ENABLED: 'true',
          WEBSOCKETS_REST_AUTH: 'public',
          WEBSOCKETS_HEARTBEAT_PERIOD: '0.3',
          WEBSOCKETS_REST_CONN_LIMIT: '3',
        },
      });
      url = await socketUrl(t);
    });
    afterAll(() => t.close());

    it('pings every period and closes a client that stays silent', async () => {
      const s = await TestSocket.open(url);
      expect(await s.next((f) => f.type === 'ping', 2000)).toEqual({ type: 'ping' });
      // Timeout guard: closes the socket the server failed to close, so the check below fails instead of hanging.
      const timer = setTimeout(() => s.close(), 2000);
      const started = Date.now();
      await s.closed;
      clearTimeout(timer);
      // Closed by the server's second pulse, not by the 2 s fallback above.
      expect(Date.now() - started).toBeLessThan(1500);
    });

    it('keeps a client that answers', async () => {
      const s = await TestSocket.open(url);
      // A silent client is closed at the second pulse: answering, it is still there at the fourth.
      for (let pulse = 0; pulse < 4; pulse++) {
        await s.next((f) => f.type === 'ping', 2000);
        s.send({ type: 'pong' });
      }
      expect(s.ws.readyState).toBe(s.ws.OPEN);
      s.close();
    });

    it('serves anonymous clients as the public role', async () => {
      const s = await TestSocket.open(url);
      s.send({ type: 'subscribe', collection: 'svc_users', uid: 'u' });
      expect(await s.next((f) => f.uid === 'u')).toMatchObject({
        type: 'subscribe',
        status: 'error',
        error: { code: 'FORBIDDEN' },
        uid: 'u',
      });
      s.send({ type: 'auth', access_token: t.adminToken, uid: 'a' });
      expect(await s.next((f) => f.uid === 'a')).toEqual({ type: 'auth', status: 'ok', uid: 'a' });
      s.close();
    });

    it('refuses connections past WEBSOCKETS_REST_CONN_LIMIT with 403', async () => {
      const open = await Promise.all([TestSocket.open(url), TestSocket.open(url), TestSocket.open(url)]);
      await expect(TestSocket.open(url)).rejects.toThrow('HTTP 403');
      for (const s of open) s.close();
    });
  });
});
