import { Module } from '@nestjs/common';
import { collectionController } from '../items/collection-controller';
import { ItemsModule } from '../items/items.module';
import { MailModule } from '../mail/mail.module';
import { NotificationsService } from './notifications.service';

/** `/notifications` over svc_notifications through the items engine; a new one is mailed to its recipient. */
@Module({
  imports: [ItemsModule, MailModule],
  controllers: [
    collectionController('notifications', 'svc_notifications', {
      docs: { tag: 'Notifications', many: 'Notifications', one: 'Notification' },
    }),
  ],
  providers: [NotificationsService],
})
export class NotificationsModule {}
