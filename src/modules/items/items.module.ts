import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { PermissionsModule } from '../permissions/permissions.module';
import { SchemaModule } from '../schema/schema.module';
import { ItemsController } from './items.controller';
import { ItemsFactory } from './items.factory';

@Module({
  imports: [SchemaModule, PermissionsModule, ActivityModule],
  controllers: [ItemsController],
  providers: [ItemsFactory],
  exports: [ItemsFactory, SchemaModule, PermissionsModule, ActivityModule],
})
export class ItemsModule {}
