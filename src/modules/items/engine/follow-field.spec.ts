import { InvalidQueryError } from '../../../common/errors/errors';
import { parseFollow } from './follow-field';

describe(parseFollow.name, () => {
  it.each([
    ['$FOLLOW(guests,favorite_artist)', { collection: 'guests', field: 'favorite_artist' }],
    ['$FOLLOW( guests , favorite_artist )', { collection: 'guests', field: 'favorite_artist' }],
    ['$FOLLOW(blocks, item, collection)', { collection: 'blocks', field: 'item', collectionField: 'collection' }],
  ])('parses %j', (key, expected) => expect(parseFollow(key)).toEqual(expected));

  it.each(['title', 'item:circles', 'year(date)', '_and'])('leaves %j alone', (key) =>
    expect(parseFollow(key)).toBeNull(),
  );

  it.each([
    '$FOLLOW',
    '$FOLLOW()',
    '$FOLLOW(guests)',
    '$FOLLOW(a,b,c,d)',
    '$FOLLOW(a, b c)',
    "$FOLLOW(a, b')",
    '$FOLLOW(a,(b))',
    '$FOLLOW(a,b)x',
  ])('refuses %j', (key) => expect(() => parseFollow(key)).toThrow(InvalidQueryError));
});
