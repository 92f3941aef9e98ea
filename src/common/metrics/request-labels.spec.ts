import { requestLabels } from './request-labels';

describe(requestLabels.name, () => {
  it.each([
    [
      { method: 'GET', route: { path: '/items/:collection/:id' }, originalUrl: '/items/posts/17?fields=*' },
      200,
      { method: 'GET', route: '/items/:collection/:id', status: '200' },
    ],
    [
      { method: 'PATCH', route: { path: '/users/me' }, originalUrl: '/users/me' },
      403,
      { method: 'PATCH', route: '/users/me', status: '403' },
    ],
    [{ method: 'GET', originalUrl: '/' }, 302, { method: 'GET', route: '/', status: '302' }],
    [
      { method: 'GET', originalUrl: '/admin/assets/index-3f2a.js' },
      200,
      { method: 'GET', route: '/admin/*', status: '200' },
    ],
    [{ method: 'GET', originalUrl: '/ADMIN?x=1' }, 302, { method: 'GET', route: '/admin/*', status: '302' }],
    [
      { method: 'GET', originalUrl: '/no/such/route/8f14e45f' },
      404,
      { method: 'GET', route: 'unmatched', status: '404' },
    ],
    [{ method: 'GET', originalUrl: '/administrator' }, 404, { method: 'GET', route: 'unmatched', status: '404' }],
    [{ method: 'PROPFIND', originalUrl: '/x' }, 404, { method: 'OTHER', route: 'unmatched', status: '404' }],
  ])('%j answered %d', (req, status, expected) => {
    expect(requestLabels(req, status)).toEqual(expected);
  });
});
