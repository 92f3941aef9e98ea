import { isPlainObject } from '../../../common/is-plain-object';
import { validateBody } from '../../../common/validation.pipe';
import type { ItemsService } from '../../items/items.service';
import { UserInputDto } from '../dto/user-input.dto';

/** Many-to-one members of a user, each the key of a related row. */
const RELATED = ['role', 'avatar'] as const;

/**
 * A user body as the DTO reads it, after the check of every system collection's write: members that
 * are not fields of svc_users are refused (the DTO alone would drop them). REST and GraphQL both parse
 * with it, so a body refused on one is refused on the other.
 */
export function parseUserInput(users: ItemsService, value: unknown, mode: 'create' | 'update'): Promise<UserInputDto> {
  const body = withRelatedKeys(value);
  users.checkSystemPayload(body, mode);
  return validateBody(UserInputDto, body, 'user');
}

/**
 * As the reference, a related row may be given as an object holding its key (`role: { id }`, the only
 * form GraphQL's input types offer): it stands for that key. One carrying other members would also
 * write the related row, which a user body does not do: it stays refused.
 */
function withRelatedKeys(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const body: Record<string, unknown> = { ...value };
  for (const field of RELATED) {
    const related = body[field];
    if (isPlainObject(related) && Object.keys(related).length === 1 && 'id' in related) body[field] = related.id;
  }
  return body;
}
