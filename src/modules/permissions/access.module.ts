import { Module } from '@nestjs/common';
import { collectionController } from '../items/collection-controller';
import { ItemsModule } from '../items/items.module';

/** `/roles` and `/permissions` (admin only), served by the items engine over svc_roles and svc_permissions. */
@Module({
  imports: [ItemsModule],
  controllers: [
    collectionController('roles', 'svc_roles', { adminOnly: true }),
    collectionController('permissions', 'svc_permissions', { adminOnly: true }),
  ],
})
export class AccessModule {}
