import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ItemsModule } from '../items/items.module';
import { SettingsEntity } from './entities/settings.entity';
import { SettingsService } from './settings.service';

@Module({
  imports: [TypeOrmModule.forFeature([SettingsEntity]), ItemsModule],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
