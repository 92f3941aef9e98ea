import {
  allOf,
  archiveFilter,
  ArchiveMode,
  bookmarkOf,
  GridState,
  layoutOf,
  pageCount,
  placed,
  stateOf,
} from './grid-state';
import type { Preset } from '../../shell/presets';

const fields = ['id', 'title', 'views', 'status'];
const base: GridState = { columns: ['id', 'title'], widths: {}, search: '', conditions: [], archive: 'active' };
const preset = (p: Partial<Preset>): Preset => ({ bookmark: null, collection: 'articles', ...p });
const typeOf = (field: string) => (field === 'views' ? 'integer' : 'string');

describe('stateOf', () => {
  it.each<[string, Preset | undefined, Partial<GridState>]>([
    ['no preset: the base state', undefined, {}],
    [
      'columns in their order, unknown ones dropped',
      preset({ layout_query: { tabular: { fields: ['views', 'gone', 'title', 3] } } }),
      { columns: ['views', 'title'] },
    ],
    [
      'a descending sort on a known field',
      preset({ layout_query: { tabular: { sort: ['-views'] } } }),
      { sort: '-views' },
    ],
    ['a sort on an unknown field is ignored', preset({ layout_query: { tabular: { sort: ['-secret'] } } }), {}],
    ['an archive mode', preset({ layout_query: { tabular: { archive: 'archived' } } }), { archive: 'archived' }],
    ['an unknown archive mode is ignored', preset({ layout_query: { tabular: { archive: 'deleted' } } }), {}],
    ['the search', preset({ search: 'ada' }), { search: 'ada' }],
    [
      'the filter as conditions',
      preset({ filter: { views: { _gt: 3 } } }),
      { conditions: [{ field: 'views', operator: '_gt', value: '3' }] },
    ],
    ['a filter the builder cannot show is left out', preset({ filter: { _or: [{ views: { _gt: 3 } }] } }), {}],
    [
      'widths of known fields, clamped',
      preset({ layout_options: { tabular: { widths: { title: 5000, views: 10, gone: 100, id: 'x' } } } }),
      { widths: { title: 1200, views: 60 } },
    ],
  ])('%s', (_name, input, expected) => {
    expect({ ...stateOf(input, fields, base) }).toEqual({
      ...base,
      ...expected,
      widths: { ...(expected.widths ?? {}) },
    });
  });

  it('keeps widths in an object without a prototype (a stored "__proto__" is plain data)', () => {
    const widths = stateOf(
      preset({ layout_options: { tabular: { widths: JSON.parse('{"__proto__": 100}') } } }),
      ['__proto__'],
      base,
    ).widths;
    expect(Object.getPrototypeOf(widths)).toBeNull();
    expect(widths.__proto__).toBe(100);
  });
});

describe('layoutOf and bookmarkOf', () => {
  const state: GridState = {
    columns: ['title', 'views'],
    widths: { title: 240 },
    sort: '-views',
    search: 'ada',
    conditions: [{ field: 'views', operator: '_gte', value: '2' }],
    archive: 'all',
  };
  it('a layout keeps the columns in order and their widths, not the sort, archive mode, search or filter', () => {
    expect(layoutOf(state)).toEqual({
      layout: 'tabular',
      layout_query: { tabular: { fields: ['title', 'views'] } },
      layout_options: { tabular: { widths: { title: 240 } } },
    });
    expect({ ...stateOf(preset(layoutOf(state)), fields, base), widths: {} }).toEqual({
      ...base,
      columns: ['title', 'views'],
    });
  });
  it('a bookmark adds the sort, archive mode, search and filter, and reads back as the same state', () => {
    const saved = bookmarkOf(state, typeOf);
    expect(saved).toMatchObject({
      search: 'ada',
      filter: { views: { _gte: 2 } },
      layout_query: { tabular: { sort: ['-views'], archive: 'all' } },
    });
    expect({ ...stateOf(preset({ ...saved, bookmark: 'Popular' }), fields, base), widths: { title: 240 } }).toEqual(
      state,
    );
  });
  it('an empty search and no conditions are stored as null', () => {
    expect(bookmarkOf({ ...state, search: '', conditions: [] }, typeOf)).toMatchObject({ search: null, filter: null });
  });
});

describe('archiveFilter', () => {
  it.each<[ArchiveMode, string | null, unknown, unknown]>([
    ['all', 'status', 'archived', null],
    ['active', 'status', 'archived', { _or: [{ status: { _neq: 'archived' } }, { status: { _null: true } }] }],
    ['archived', 'status', 'archived', { status: { _eq: 'archived' } }],
    ['archived', null, 'archived', null],
    ['archived', 'status', null, null],
  ])('%s on %s = %s', (mode, field, value, expected) => {
    expect(archiveFilter(mode, field, value)).toEqual(expected);
  });
});

describe('allOf', () => {
  it.each([
    [[null, undefined], null],
    [[{ a: 1 }, null], { a: 1 }],
    [[{ a: 1 }, { b: 2 }], { _and: [{ a: 1 }, { b: 2 }] }],
  ])('%j', (parts, expected) => {
    expect(allOf(...parts)).toEqual(expected);
  });
});

describe('placed and pageCount', () => {
  it.each<[string[], string, number, string[]]>([
    [['a', 'b', 'c'], 'b', 0, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 'a', 2, ['b', 'c', 'a']],
    [['a', 'b', 'c'], 'c', 1, ['a', 'c', 'b']],
    [['a', 'b', 'c'], 'a', 0, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 'a', 3, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 'z', 1, ['a', 'b', 'c']],
  ])('%j placing %s at %i', (columns, field, to, expected) => {
    expect(placed(columns, field, to)).toEqual(expected);
  });
  it.each([
    [0, 1],
    [1, 1],
    [25, 1],
    [26, 2],
    [10000, 400],
  ])('%i rows make %i pages of 25', (total, pages) => {
    expect(pageCount(total, 25)).toBe(pages);
  });
});
