import { servedTables } from './served-tables';

describe('servedTables', () => {
  it.each([
    [['articles', 'svc_users', 'svc_migrations'], [], ['articles']],
    [['articles', 'spatial_ref_sys', 'legacy'], ['spatial_ref_sys', 'legacy'], ['articles']],
    [['Articles', 'articles'], ['articles'], ['Articles']],
    [[], ['x'], []],
  ])('%j without %j → %j', (found, exclude, expected) => {
    expect(servedTables(found, exclude)).toEqual(expected);
  });
});
