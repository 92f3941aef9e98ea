import { anyLink, parseAnyField, rowLeadsTo } from './any-field';
import { InvalidQueryError } from '../../../common/errors/errors';
import { fakeOverview } from '../../schema/testing/fake-overview';

describe(parseAnyField.name, () => {
  it.each([
    ['item:circles', { field: 'item', target: 'circles' }],
    ['item', null],
    ['item:', null],
    [':circles', null],
    ['a:b:c', null],
  ])('parses %j', (name, expected) => expect(parseAnyField(name)).toEqual(expected));
});

describe(rowLeadsTo.name, () => {
  const link = {
    type: 'm2o' as const,
    collection: 'j',
    field: 'item',
    related: 'circles',
    relatedField: 'id',
    relation: {} as never,
    collectionField: 'collection',
  };
  it.each([
    [{ collection: 'circles' }, true],
    [{ collection: 'squares' }, false],
    [{ collection: null }, false],
  ])('row %j', (row, expected) => expect(rowLeadsTo(link, row)).toBe(expected));
  it('is true for a plain many-to-one', () =>
    expect(rowLeadsTo({ ...link, collectionField: undefined }, {})).toBe(true));
});

describe(anyLink.name, () => {
  const overview = fakeOverview();
  it('leads to an allowed collection, naming the collection field', () => {
    expect(anyLink(overview, 'shapes_children', 'item:circles')).toMatchObject({
      type: 'm2o',
      field: 'item',
      related: 'circles',
      relatedField: 'id',
      collectionField: 'collection',
    });
  });
  it.each(['item:authors', 'item:nope', 'shapes_id:shapes', 'collection:circles', 'item'])('refuses %s', (name) => {
    expect(() => anyLink(overview, 'shapes_children', name)).toThrow(InvalidQueryError);
  });
});
