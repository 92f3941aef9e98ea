import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError } from '../../common/errors/errors';
import { AppLogger } from '../../common/logging/app-logger';
import { assertItemReadable } from '../items/item-access';
import type { Item } from '../items/items.service';
import { ItemsFactory } from '../items/items.factory';
import { AccessGrantsService } from '../permissions/access-grants.service';
import type { CommentToCreate } from './lib/comment-to-create';
import { mentionedUsers, mentionNotice, PersonName, personName } from './lib/mention-notice';

const NAME_FIELDS = ['id', 'first_name', 'last_name', 'email'];

/** One comment's mentions, with what every notice about it shares: who wrote it and whom it names. */
interface Mention {
  comment: CommentToCreate;
  mentioned: string[];
  senderId: string | null;
  sender: string;
}

/** Forbidden reads count as nothing to see; anything else is a failure worth a log line. */
const unlessForbidden =
  <T>(fallback: T) =>
  (err: unknown): T => {
    if (err instanceof ForbiddenError) return fallback;
    throw err;
  };

/**
 * Notifies the users a new comment mentions (`@<user key>`), as the reference does: each one who can
 * read the item the comment is on gets a notification about it (and so a mail, when they take them).
 */
@Injectable()
export class CommentMentionsService {
  constructor(
    private readonly items: ItemsFactory,
    private readonly grants: AccessGrantsService,
    private readonly logger: AppLogger,
  ) {}

  /** A mention that cannot be notified never undoes the comment: it is logged and skipped. */
  async notify(comments: CommentToCreate[], senderId: string | null): Promise<void> {
    const mentions = comments
      .map((comment) => ({ comment, users: mentionedUsers(comment.comment) }))
      .filter((m) => m.users.length > 0);
    if (!mentions.length) return;
    // Read as the system: whom one may mention is not limited by whom one may read.
    const [sender] = senderId
      ? await this.items
          .for('svc_users', null)
          .readByQuery({ filter: { id: { _eq: senderId } }, fields: NAME_FIELDS, limit: 1 })
      : [];
    for (const { comment, users } of mentions) {
      for (const user of users) {
        const mention = { comment, mentioned: users, senderId, sender: personName(sender) };
        await this.notifyOne(mention, user).catch((err: unknown) =>
          this.logger.error({ err, user }, 'a mention could not be notified'),
        );
      }
    }
  }

  private async notifyOne(mention: Mention, userId: string): Promise<void> {
    const { comment } = mention;
    const [recipient] = await this.items
      .for('svc_users', null)
      .readByQuery({ filter: { id: { _eq: userId } }, fields: [...NAME_FIELDS, 'role'], limit: 1 });
    if (!recipient) return;
    const acc = await this.accountabilityOf(recipient);
    const readable = await assertItemReadable(this.items, acc, comment.collection, comment.item).then(
      () => true,
      unlessForbidden(false),
    );
    if (!readable) return;
    const notice = mentionNotice({
      comment: comment.comment,
      collection: comment.collection,
      recipient: personName(recipient),
      sender: mention.sender,
      names: await this.namesKnownTo(acc, mention.mentioned),
    });
    await this.items.for('svc_notifications', null).createOne({
      recipient: userId,
      sender: mention.senderId,
      ...notice,
      collection: comment.collection,
      item: comment.item,
    });
  }

  /** The recipient as the caller they would be, with the access their policies give them from anywhere. */
  private async accountabilityOf(user: Item): Promise<Accountability> {
    const caller = { user: String(user.id), role: typeof user.role === 'string' ? user.role : null };
    const globals = await this.grants.globals(caller);
    return { ...caller, admin: globals.admin_access, app: globals.app_access, ip: null, userAgent: null, origin: null };
  }

  /** The names of `ids` that the recipient may read, so a notice tells them no more than the Studio would. */
  private async namesKnownTo(acc: Accountability, ids: string[]): Promise<Record<string, string>> {
    const people = await this.items
      .for('svc_users', acc)
      .readByQuery({ filter: { id: { _in: ids } }, fields: NAME_FIELDS, limit: -1 })
      .catch(unlessForbidden<Item[]>([]));
    return Object.fromEntries(people.map((p) => [String(p.id).toLowerCase(), personName(p as PersonName)]));
  }
}
