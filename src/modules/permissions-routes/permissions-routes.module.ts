import { Module } from '@nestjs/common';
import { collectionController } from '../items/collection-controller';
import { ItemsModule } from '../items/items.module';
import { ItemPermissionsService } from './item-permissions.service';
import { PermissionsMeController } from './permissions-me.controller';
import { PoliciesMeController } from './policies-me.controller';

/**
 * `/permissions`, `/policies` and `/access` (admin only), `/roles` (written by admins, read with the
 * caller's permissions: app access reads the own roles), `/permissions/me` and `/policies/me/globals`
 * (everyone's own), served by the items engine over svc_roles, svc_permissions, svc_policies and svc_access.
 * In a folder of its own, above items: the engine reads the caller's rules through permissions/, which
 * must not import it back.
 */
@Module({
  imports: [ItemsModule],
  // `/permissions/me` and `/policies/me/globals` before the collections' `/:id`, which would take `me` as a key.
  controllers: [
    PermissionsMeController,
    PoliciesMeController,
    collectionController('roles', 'svc_roles', {
      adminWrites: true,
      docs: { tag: 'Roles', many: 'Roles', one: 'Role' },
    }),
    collectionController('permissions', 'svc_permissions', {
      adminOnly: true,
      docs: { tag: 'Permissions', many: 'Permissions', one: 'Permission' },
    }),
    collectionController('policies', 'svc_policies', {
      adminOnly: true,
      docs: { tag: 'Policies', many: 'Policies', one: 'Policy' },
    }),
    collectionController('access', 'svc_access', {
      adminOnly: true,
      docs: { tag: 'Access', many: 'AccessRows', one: 'AccessRow' },
    }),
  ],
  providers: [ItemPermissionsService],
})
export class PermissionsRoutesModule {}
