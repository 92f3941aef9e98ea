import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import type { ItemsCreator } from '../items/collection-controller';
import { assertItemReadable } from '../items/item-access';
import type { PrimaryKey } from '../items/items.service';
import { ItemsFactory } from '../items/items.factory';
import { CommentMentionsService } from './comment-mentions.service';
import { commentToCreate } from './lib/comment-to-create';

/** svc_comments through the items engine, with the reference's rule that one comments only on what one can read. */
@Injectable()
export class CommentsService implements ItemsCreator {
  constructor(
    private readonly items: ItemsFactory,
    private readonly mentions: CommentMentionsService,
  ) {}

  /** One comment (object body) or many (array); all are checked before any is written, then mentions are notified. */
  async create(body: unknown, acc: Accountability): Promise<PrimaryKey | PrimaryKey[]> {
    const comments = (Array.isArray(body) ? body : [body]).map(commentToCreate);
    if (!acc.admin) for (const c of comments) await assertItemReadable(this.items, acc, c.collection, c.item);
    const service = this.items.for('svc_comments', acc);
    const keys = Array.isArray(body) ? await service.createMany(comments) : await service.createOne(comments[0]);
    await this.mentions.notify(comments, acc.user);
    return keys;
  }
}
