import { Module } from '@nestjs/common';
import { collectionController } from '../items/collection-controller';
import { ItemsModule } from '../items/items.module';

/**
 * `/dashboards` and `/panels` over svc_dashboards and svc_panels (Insights): a dashboard lists its
 * panels (`panels`, one-to-many) and takes them along when deleted. App access grants neither.
 */
@Module({
  imports: [ItemsModule],
  controllers: [
    collectionController('dashboards', 'svc_dashboards', {
      docs: { tag: 'Dashboards', many: 'Dashboards', one: 'Dashboard' },
    }),
    collectionController('panels', 'svc_panels', { docs: { tag: 'Panels', many: 'Panels', one: 'Panel' } }),
  ],
})
export class DashboardsModule {}
