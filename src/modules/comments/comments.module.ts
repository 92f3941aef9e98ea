import { Module } from '@nestjs/common';
import { collectionController } from '../items/collection-controller';
import { ItemsModule } from '../items/items.module';
import { CommentMentionsService } from './comment-mentions.service';
import { CommentsService } from './comments.service';

/** `/comments` over svc_comments: remarks left on an item, by users who can read it, notifying the users they mention. */
@Module({
  imports: [ItemsModule],
  controllers: [
    collectionController('comments', 'svc_comments', {
      creator: CommentsService,
      docs: { tag: 'Comments', many: 'Comments', one: 'Comment' },
    }),
  ],
  providers: [CommentsService, CommentMentionsService],
})
export class CommentsModule {}
