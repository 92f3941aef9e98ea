import { Module } from '@nestjs/common';
import { collectionController } from '../items/collection-controller';
import { ItemsModule } from '../items/items.module';
import { MailModule } from '../mail/mail.module';
import { SharesController } from './shares.controller';
import { SharesService } from './shares.service';

/** `/shares` over svc_shares: links that open one item to someone outside the project. */
@Module({
  imports: [ItemsModule, MailModule],
  controllers: [
    SharesController,
    collectionController('shares', 'svc_shares', {
      creator: SharesService,
      docs: { tag: 'Shares', many: 'Shares', one: 'Share' },
    }),
  ],
  providers: [SharesService],
  exports: [SharesService],
})
export class SharesModule {}
