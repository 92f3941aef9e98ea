import { validateBody } from '../../../common/validation.pipe';
import type { ItemsService } from '../../items/items.service';
import { UserInputDto } from '../dto/user-input.dto';

/**
 * A user body as the DTO reads it, after the check of every system collection's write: members that
 * are not fields of svc_users are refused (the DTO alone would drop them). REST and GraphQL both parse
 * with it, so a body refused on one is refused on the other.
 */
export function parseUserInput(users: ItemsService, value: unknown, mode: 'create' | 'update'): Promise<UserInputDto> {
  users.checkSystemPayload(value, mode);
  return validateBody(UserInputDto, value, 'user');
}
