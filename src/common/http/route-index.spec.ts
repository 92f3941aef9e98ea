import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { indexRoutesByFirstSegment, routeTemplate, RouterLike, splitFirstSegment } from './route-index';

describe(splitFirstSegment.name, () => {
  it.each([
    ['/items/:collection', { prefix: 'items', rest: '/:collection' }],
    ['/server/ping', { prefix: 'server', rest: '/ping' }],
    ['/Docs', { prefix: 'docs', rest: '/' }],
    ['/docs-yaml', { prefix: 'docs-yaml', rest: '/' }],
    ['/:collection/x', null],
    ['/{*path}', null],
    ['/', null],
    [/^\/x/, null],
  ])('%s', (path, expected) => {
    expect(splitFirstSegment(path)).toEqual(expected);
  });
});

/** What a request answers on an app whose routes were indexed. */
async function answers(app: express.Express, paths: string[]): Promise<string[]> {
  indexRoutesByFirstSegment((app as unknown as { router: RouterLike }).router);
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await Promise.all(paths.map(async (path) => (await fetch(`http://127.0.0.1:${port}${path}`)).text()));
  } finally {
    server.close();
  }
}

describe(indexRoutesByFirstSegment.name, () => {
  it('keeps what each path answers: order, parameters, case, trailing slash, middlewares between routes', async () => {
    const app = express();
    app.get('/items/special', (_req, res) => res.send('special'));
    app.get('/server/ping', (_req, res) => res.send('pong'));
    app.get('/items/:collection', (req, res) => res.send(`items ${req.params.collection} ${req.baseUrl}${req.path}`));
    app.get('/:anything/late', (_req, res) => res.send('param first'));
    app.use((req, _res, next) => {
      req.headers['x-seen'] = 'yes';
      next();
    });
    app.get('/items/:collection/after', (req, res) => res.send(`after ${String(req.headers['x-seen'])}`));
    app.use((_req, res) => res.status(404).send('none'));
    expect(
      await answers(app, [
        '/items/special',
        '/ITEMS/Blog',
        '/server/ping/',
        '/items/late',
        '/server/late',
        '/items/a/after',
        '/docs',
        '/serverx/ping',
      ]),
    ).toEqual([
      'special',
      'items Blog /ITEMS/Blog',
      'pong',
      'items late /items/late',
      'param first',
      'after yes',
      'none',
      'none',
    ]);
  });
});

describe(routeTemplate.name, () => {
  it('names the declared template of regrouped and of left-alone routes, whatever the path looked like', async () => {
    const app = express();
    const template: express.RequestHandler = (req, res) => res.send(routeTemplate(req.route));
    app.get('/items/:collection/:id', template);
    app.get('/:anything/late', template);
    app.get('/server/ping', template);
    expect(await answers(app, ['/ITEMS/Blog/1', '/items/late', '/nothing/late', '/Server/Ping/'])).toEqual([
      '/items/:collection/:id',
      '/:anything/late',
      '/:anything/late',
      '/server/ping',
    ]);
  });

  it('is undefined without a route', () => {
    expect(routeTemplate(undefined)).toBeUndefined();
  });
});
