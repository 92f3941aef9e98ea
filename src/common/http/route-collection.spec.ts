import { routeCollection } from './route-collection';

describe(routeCollection.name, () => {
  it.each([
    ['/items/articles', {}, 'articles'],
    ['/items/articles/12', { collection: 'articles', id: '12' }, 'articles'],
    ['/items/my%20things', {}, 'my things'],
    ['/files', {}, 'svc_files'],
    ['/files/abc', { id: 'abc' }, 'svc_files'],
    ['/users/me', {}, 'svc_users'],
    ['/utils/export/articles', { collection: 'articles' }, 'articles'],
    ['/versions', {}, 'svc_versions'],
    ['/access/abc', { id: 'abc' }, 'svc_access'],
    ['/server/info', {}, null],
    ['/schema/snapshot', {}, null],
    ['/items', {}, null],
    ['/', {}, null],
  ])('%s → %j', (path, params, expected) => expect(routeCollection(path, params)).toBe(expected));
});
