import { Module } from '@nestjs/common';
import { collectionController } from '../items/collection-controller';
import { ItemsModule } from '../items/items.module';

/**
 * `/presets`: bookmarks and layout settings per collection, for a user, a role or everyone, over
 * svc_presets through the items engine (who sees and writes which is app access's rules).
 */
@Module({
  imports: [ItemsModule],
  controllers: [
    collectionController('presets', 'svc_presets', { docs: { tag: 'Presets', many: 'Presets', one: 'Preset' } }),
  ],
})
export class PresetsModule {}
