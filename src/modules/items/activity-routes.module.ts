import { Module } from '@nestjs/common';
import { collectionController } from './collection-controller';
import { ItemsModule } from './items.module';

/** `GET /activity` and `GET /revisions` through the items engine (API.md 8). */
@Module({
  imports: [ItemsModule],
  controllers: [
    collectionController('activity', 'svc_activity', {
      readOnly: true,
      docs: { tag: 'Activity', many: 'Activities', one: 'Activity' },
    }),
    collectionController('revisions', 'svc_revisions', {
      readOnly: true,
      docs: { tag: 'Revisions', many: 'Revisions', one: 'Revision' },
    }),
  ],
})
export class ActivityRoutesModule {}
