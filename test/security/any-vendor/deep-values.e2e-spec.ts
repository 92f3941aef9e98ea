import request from 'supertest';
import { DataSource } from 'typeorm';
import { signScopedToken } from '../../../src/modules/tokens/jwt';
import { createCollection } from '../../factories/collection.factory';
import { createRole, createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { GqlSocket } from '../../helpers/graphql-ws-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';
import { socketUrl, TestSocket } from '../../helpers/ws-client';

/** JSON text of `{"a":{"a":…{"a":1}}}`, `levels` objects deep: built as text, as a hostile client would send it. */
const deepText = (levels: number) => '{"a":'.repeat(levels - 1) + '{"a":1' + '}'.repeat(levels);
const deep = (levels: number) => JSON.parse(deepText(levels)) as Record<string, unknown>;

const FORMATS = ['json', 'csv', 'csv_utf8', 'xml', 'yaml'];

/** An export's bytes as text, whatever its media type. */
const exported = (req: request.Test) =>
  req.buffer(true).parse((r, cb) => {
    let text = '';
    r.on('data', (c: Buffer) => (text += c.toString()));
    r.on('end', () => cb(null, text));
  });

/**
 * The app runs in jest's own process: a serialization error that escapes a stream ends it, and this
 * file with it. Every hostile input must leave the server answering, and every value stored in a JSON
 * field must be nested no deeper than a request body may be (100 levels).
 */
describe('Security: deeply nested values', () => {
  let t: TestApp;
  let articles: string;
  let user: { id: string; email: string; password: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true' } });
    articles = await createCollection(t, uniq('deep_articles'), [
      { field: 'title', type: 'string' },
      { field: 'meta', type: 'json' },
    ]);
    user = await createUser(t, await createRole(t));
  });
  afterAll(() => t.close());

  async function expectServerAlive(): Promise<void> {
    expect(
      (await request(t.server).post('/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
    ).toBe(200);
  }

  const storedMetas = async () =>
    (await t.as('admin').get(`/items/${articles}?fields=meta&limit=-1`)).body.data.map(
      (r: { meta: unknown }) => r.meta,
    );

  describe('?export= of a value 98 levels deep', () => {
    let presetId: number;
    let itemId: number;
    beforeAll(async () => {
      const preset = await t
        .as(user.token)
        .post('/presets')
        .send({ user: user.id, collection: articles, layout_options: deep(98) });
      expect({ status: preset.status, errors: preset.body.errors }).toEqual({ status: 200, errors: undefined });
      presetId = preset.body.data.id;
      const item = await t
        .as('admin')
        .post(`/items/${articles}`)
        .send({ title: 'deep', meta: deep(98) });
      expect({ status: item.status, errors: item.body.errors }).toEqual({ status: 200, errors: undefined });
      itemId = item.body.data.id;
    });

    it.each(FORMATS)('answers the presets as %s, and the server keeps answering', async (format) => {
      const res = await exported(t.as(user.token).get(`/presets?filter[id][_eq]=${presetId}&export=${format}`));
      expect(res.status).toBe(200);
      expect(res.body as string).toContain(articles);
      await expectServerAlive();
    });

    it.each(FORMATS)('answers an item with the deep json field as %s', async (format) => {
      const res = await exported(
        t.as('admin').get(`/items/${articles}?fields=id,meta&filter[id][_eq]=${itemId}&export=${format}`),
      );
      expect(res.status).toBe(200);
      if (format === 'json') expect(JSON.parse(res.body as string)).toEqual([{ id: itemId, meta: deep(98) }]);
      else expect(res.body as string).toMatch(/"a"|<a>|a:|meta\.a/);
      await expectServerAlive();
    });

    // Stored before writes were bounded (here: by SQL), past the stack of any recursive writer.
    it.each(FORMATS)('answers a value stored 20,000 levels deep as %s', async (format) => {
      const legacy = (await t.as('admin').post(`/items/${articles}`).send({ title: 'legacy' })).body.data.id;
      await t.app
        .get(DataSource)
        .query(`UPDATE "${articles}" SET "meta" = ? WHERE "id" = ?`, [deepText(20_000), legacy]);
      const res = await exported(
        t.as('admin').get(`/items/${articles}?fields=id,meta&filter[id][_eq]=${legacy}&export=${format}`),
      );
      // A plain read of it would fail its JSON.stringify: it goes before the next test reads the collection.
      await t.as('admin').delete(`/items/${articles}/${legacy}`).expect(204);
      expect(res.status).toBe(200);
      expect((res.body as string).length).toBeGreaterThan(20_000 * 4);
      await expectServerAlive();
    });
  });

  describe('values nested deeper than a body may be are refused wherever they are written', () => {
    it.each([150, 2_500, 5_000])('refuses a WebSocket items create %i levels deep', async (levels) => {
      const before = (await storedMetas()).length;
      const s = await TestSocket.authenticated(await socketUrl(t), t.adminToken);
      // Sent as text: JSON.stringify of thousands of levels overflows the test's own stack.
      s.ws.send(
        `{"type":"items","collection":${JSON.stringify(articles)},"action":"create","uid":"d1","data":{"title":"x","meta":${deepText(levels)}}}`,
      );
      const answer = await s.next((f) => f.uid === 'd1');
      s.close();
      // Only the status and code: a stored item's deep answer would overflow the matcher's own recursion.
      expect({ status: answer.status, code: answer.error?.code }).toEqual({ status: 'error', code: 'INVALID_PAYLOAD' });
      expect((await storedMetas()).length).toBe(before);
      await expectServerAlive();
    });

    it('refuses a GraphQL over WebSocket variable 2,000 levels deep', async () => {
      const s = await GqlSocket.open(await socketUrl(t, '/graphql'), t.adminToken);
      const ended = await new Promise<{ errors?: unknown }>((resolve) => {
        s.client.subscribe(
          {
            query: `mutation($d: create_${articles}_input!) { create_${articles}_item(data: $d) { id } }`,
            variables: { d: { title: 'x', meta: deep(2_000) } },
          },
          {
            next: (r) => resolve({ errors: r.errors }),
            error: (errors) => resolve({ errors }),
            complete: () => resolve({}),
          },
        );
      });
      await s.client.dispose();
      expect(ended.errors).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'INVALID_PAYLOAD' }) }),
      ]);
      await expectServerAlive();
    });

    it.each([150, 1_000, 5_000, 200_000])('refuses a JSON import holding a value %i levels deep', async (levels) => {
      const before = (await storedMetas()).length;
      const file = Buffer.from(`[{"title":"x","meta":${deepText(levels)}}]`);
      const res = t
        .as('admin')
        .post(`/utils/import/${articles}`)
        .attach('file', file, { filename: 'rows.json', contentType: 'application/json' });
      await expectError(res, 400, 'INVALID_PAYLOAD');
      expect((await storedMetas()).length).toBe(before);
      await expectServerAlive();
    });

    it.each([150, 5_000])('refuses a CSV import whose JSON cell is %i levels deep', async (levels) => {
      const before = (await storedMetas()).length;
      const csv = `title,meta\nx,"${deepText(levels).replace(/"/g, '""')}"\n`;
      const res = t
        .as('admin')
        .post(`/utils/import/${articles}`)
        .attach('file', Buffer.from(csv), { filename: 'rows.csv', contentType: 'text/csv' });
      await expectError(res, 400, 'INVALID_PAYLOAD');
      expect((await storedMetas()).length).toBe(before);
      await expectServerAlive();
    });

    it.each([150, 3_000])('refuses an upload whose metadata is %i levels deep', async (levels) => {
      const res = t
        .as('admin')
        .post('/files')
        .field('metadata', deepText(levels))
        .attach('file', Buffer.from('hello'), { filename: 'a.txt', contentType: 'text/plain' });
      await expectError(res, 400, 'INVALID_PAYLOAD');
      await expectServerAlive();
    });

    it('still stores a value exactly as deep as a body may be', async () => {
      const res = await t
        .as('admin')
        .post(`/items/${articles}`)
        .send({ title: 'limit', meta: deep(99) });
      expect(res.status).toBe(200);
      expect(res.body.data.meta).toEqual(deep(99));
    });
  });

  describe('an empty password', () => {
    it.each([
      ['PATCH /users/me', () => t.as(user.token).patch('/users/me').send({ password: '' })],
      ['PATCH /users/:id', () => t.as('admin').patch(`/users/${user.id}`).send({ password: '' })],
      [
        'POST /users',
        () =>
          t
            .as('admin')
            .post('/users')
            .send({ email: `${uniq('empty')}@example.com`, password: '' }),
      ],
      // An active user may accept an invite again to set their password: the token is as the invite mail's.
      [
        'POST /users/invite/accept',
        () =>
          t
            .as('anonymous')
            .post('/users/invite/accept')
            .send({ token: signScopedToken('invite', { email: user.email }, t.config.secret, 60_000), password: '' }),
      ],
    ])('is refused on %s, and the user can still sign in', async (_route, send) => {
      await expectError(send(), 400, 'INVALID_PAYLOAD');
      expect(
        (await request(t.server).post('/auth/login').send({ email: user.email, password: user.password })).status,
      ).toBe(200);
    });
  });
});
