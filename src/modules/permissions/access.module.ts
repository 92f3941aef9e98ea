import { Module } from '@nestjs/common';
import { collectionController } from '../items/collection-controller';
import { ItemsModule } from '../items/items.module';
import { PermissionsMeController } from './permissions-me.controller';

/** `/roles` and `/permissions` (admin only), `/permissions/me` (everyone's own), served by the items engine over svc_roles and svc_permissions. */
@Module({
  imports: [ItemsModule],
  // `/permissions/me` before the collection's `/permissions/:id`, which would take `me` as a key.
  controllers: [
    PermissionsMeController,
    collectionController('roles', 'svc_roles', { adminOnly: true, docs: { tag: 'Roles', many: 'Roles', one: 'Role' } }),
    collectionController('permissions', 'svc_permissions', { adminOnly: true, docs: { tag: 'Permissions', many: 'Permissions', one: 'Permission' } }),
  ],
})
export class AccessModule {}
