import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { PermissionsModule } from '../permissions/permissions.module';
import { SchemaModule } from '../schema/schema.module';
import { ItemsController } from './items.controller';
import { CountCacheService } from './count-cache.service';
import { ItemEventsService } from './item-events.service';
import { ItemsFactory } from './items.factory';
import { ItemsHttp } from './items-http';

@Module({
  imports: [SchemaModule, PermissionsModule, ActivityModule],
  controllers: [ItemsController],
  providers: [ItemsFactory, ItemsHttp, ItemEventsService, CountCacheService],
  exports: [
    ItemsFactory,
    ItemsHttp,
    ItemEventsService,
    CountCacheService,
    SchemaModule,
    PermissionsModule,
    ActivityModule,
  ],
})
export class ItemsModule {}
