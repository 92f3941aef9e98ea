import { Module } from '@nestjs/common';
import { collectionController } from '../items/collection-controller';
import { ItemsModule } from '../items/items.module';

/** `GET /activity` and `GET /revisions` through the items engine (API.md 8). */
@Module({
  imports: [ItemsModule],
  controllers: [
    collectionController('activity', 'svc_activity', { readOnly: true }),
    collectionController('revisions', 'svc_revisions', { readOnly: true }),
  ],
})
export class ActivityRoutesModule {}
