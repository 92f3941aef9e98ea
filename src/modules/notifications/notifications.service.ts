import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { PrimaryKey } from '../items/items.service';
import { ItemEventsService } from '../items/item-events.service';
import { ItemsFactory } from '../items/items.factory';
import { MailService } from '../mail/mail.service';
import { notificationMail, NotificationToMail } from './lib/notification-mail';

const MAIL_FIELDS = ['subject', 'message', 'collection', 'item', 'recipient.email', 'recipient.email_notifications'];

/**
 * Mails each new notification to its recipient. It listens to the committed writes of this instance,
 * so every way of creating one (REST, batches, GraphQL, imports) mails once, never for a rolled-back
 * write, and an instance never mails what another instance created.
 */
@Injectable()
export class NotificationsService implements OnModuleInit, OnModuleDestroy {
  private stop?: () => void;

  constructor(
    private readonly items: ItemsFactory,
    private readonly events: ItemEventsService,
    private readonly mail: MailService,
    private readonly logger: AppLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.stop = this.events.on((event) => {
      if (event.collection !== 'svc_notifications' || event.action !== 'create') return;
      this.mailCreated(event.keys).catch((err: unknown) =>
        this.logger.error({ err }, 'notification mails could not be prepared'),
      );
    });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  private async mailCreated(keys: PrimaryKey[]): Promise<void> {
    // Read as the system: the recipient's address is not the sender's to see.
    const rows = await this.items.for('svc_notifications', null).readMany(keys, { fields: MAIL_FIELDS });
    for (const row of rows) {
      const mail = notificationMail(row as unknown as NotificationToMail, this.config.publicUrl);
      if (mail) this.mail.sendInBackground(mail);
    }
  }
}
