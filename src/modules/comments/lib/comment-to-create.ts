import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPlainObject } from '../../../common/is-plain-object';

/** Who wrote a comment and when is the server's to say, whatever the payload claims. */
const SERVER_FILLED = ['date_created', 'date_updated', 'user_created', 'user_updated'];

export interface CommentToCreate extends Record<string, unknown> {
  collection: string;
  item: string;
  comment: string;
}

const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A new comment as it is stored: `collection`, `item` and `comment` are required (the item key as
 * text, as the column keeps any collection's keys), and the authorship stamps are dropped.
 */
export function commentToCreate(value: unknown): CommentToCreate {
  if (!isPlainObject(value)) throw new InvalidPayloadError('A comment must be an object');
  const item = typeof value.item === 'number' && Number.isFinite(value.item) ? String(value.item) : value.item;
  for (const [name, given] of [
    ['comment', value.comment],
    ['collection', value.collection],
    ['item', item],
  ] as const) {
    if (!filled(given)) throw new InvalidPayloadError(`"${name}" is required`);
  }
  const comment = Object.fromEntries(Object.entries(value).filter(([key]) => !SERVER_FILLED.includes(key)));
  return { ...comment, item } as CommentToCreate;
}
