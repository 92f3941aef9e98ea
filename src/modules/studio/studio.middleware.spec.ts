import express from 'express';
import request from 'supertest';
import { AppLogger } from '../../common/logging/app-logger';
import { StudioMiddleware } from './studio.middleware';

describe('StudioMiddleware without a build', () => {
  const studio = new StudioMiddleware(new AppLogger('silent'), '/nonexistent/admin/dist');
  const app = express().use('/admin', (req, res, next) => studio.use(req, res, next));

  it.each(['/admin', '/admin/content/articles'])('answers %s with 503 and says the Studio is not built', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      errors: [
        {
          message: 'Service "studio" is unavailable. Vellum Studio is not built: run npm run build.',
          extensions: { code: 'SERVICE_UNAVAILABLE', service: 'studio', reason: 'Vellum Studio is not built: run npm run build' },
        },
      ],
    });
  });
});
