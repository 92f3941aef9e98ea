import { Module } from '@nestjs/common';
import { ItemsModule } from '../items/items.module';
import { SettingsController } from './settings.controller';

/**
 * `/settings` (API.md 12), in a folder of its own: its checks use users' and files' parsers, while those
 * modules read the settings through settings/, which must not import them back.
 */
@Module({ imports: [ItemsModule], controllers: [SettingsController] })
export class SettingsRoutesModule {}
