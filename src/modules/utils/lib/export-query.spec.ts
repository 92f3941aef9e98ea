import { columnRef } from '../../../common/query/field-ref';
import { InvalidQueryError } from '../../../common/errors/errors';
import { parseExportQuery } from './export-query';

describe(parseExportQuery.name, () => {
  const capped = { limitDefault: 100, limitMax: 200 };

  it.each([
    ['no limit', {}, { limitDefault: 100 }, undefined],
    ['no limit, QUERY_LIMIT_MAX set', {}, capped, undefined],
    ['-1', { limit: -1 }, { limitDefault: 100 }, undefined],
    ['-1, QUERY_LIMIT_MAX set', { limit: '-1' }, capped, undefined],
    ['an explicit limit', { limit: 150 }, { limitDefault: 100 }, 150],
    ['an explicit limit past QUERY_LIMIT_MAX', { limit: '5000' }, capped, 5000],
    ['0', { limit: 0 }, capped, 0],
  ])('%s (%j)', (_name, raw, options, limit) => {
    expect(parseExportQuery(raw, options).limit).toBe(limit);
  });

  it('parses the rest as on GET /items', () => {
    expect(
      parseExportQuery(
        { fields: 'id,title', sort: '-id', offset: '5', filter: { id: { _gt: 1 } } },
        { limitDefault: 100 },
      ),
    ).toEqual({
      fields: ['id', 'title'],
      sort: [{ field: columnRef('id'), order: 'DESC' }],
      offset: 5,
      filter: { id: { _gt: 1 } },
      limit: undefined,
    });
  });

  it.each([[{ limit: 'x' }], [{ limit: -2 }], [{ deep: { tags: { _limit: 500 } } }]])('refuses %j', (raw) => {
    expect(() => parseExportQuery(raw, capped)).toThrow(InvalidQueryError);
  });
});
