import { Module } from '@nestjs/common';
import { ItemsModule } from '../items/items.module';
import { SettingsController } from './settings.controller';

@Module({ imports: [ItemsModule], controllers: [SettingsController] })
export class SettingsRoutesModule {}
