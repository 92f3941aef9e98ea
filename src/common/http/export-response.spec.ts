import express from 'express';
import request from 'supertest';
import { AppLogger } from '../logging/app-logger';
import { prepareExport } from './export-response';

/** A row whose serialization throws, as any error of a serializer would. */
const failing = () => ({
  get id(): number {
    throw new Error('cannot serialize');
  },
});

/** An app answering `rows` as `{ data }`, exported as the request asks; errors are logged here. */
function appAnswering(rows: () => unknown[]) {
  const logger = new AppLogger('silent');
  const logged = jest.spyOn(logger, 'error');
  const app = express();
  app.use((req, res, next) => prepareExport(req, res, next, logger));
  app.get('/items/things', (_req, res) => void res.json({ data: rows() }));
  return { app, logged };
}

describe(prepareExport.name, () => {
  it.each(['json', 'csv', 'xml', 'yaml'])(
    'answers a %s serialization error before the first byte as the standard error body',
    async (format) => {
      const { app, logged } = appAnswering(() => [failing()]);
      const res = await request(app).get(`/items/things?export=${format}`);
      expect(res.status).toBe(500);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      });
      expect(logged).toHaveBeenCalled();
    },
  );

  it('destroys the response and logs an error raised after the first bytes were sent', async () => {
    const many = Array.from({ length: 2_000 }, (_, id) => ({ id, text: 'x'.repeat(100) }));
    const { app, logged } = appAnswering(() => [...many, failing()]);
    const answer = await request(app)
      .get('/items/things?export=json')
      .then(
        (res) => ({ complete: true, status: res.status }),
        () => ({ complete: false, status: undefined }),
      );
    expect(answer.complete).toBe(false);
    expect(logged).toHaveBeenCalled();
  });
});
