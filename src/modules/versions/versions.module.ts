import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ItemsModule } from '../items/items.module';
import { VersionEntity } from './entities/version.entity';
import { ITEM_VERSION_READER } from '../items/item-version-reader';
import { VersionsController } from './versions.controller';
import { VersionsService } from './versions.service';

/** `/versions` (API.md 5). Global only for ITEM_VERSION_READER, which the items controller injects optionally. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([VersionEntity]), ItemsModule],
  controllers: [VersionsController],
  providers: [VersionsService, { provide: ITEM_VERSION_READER, useExisting: VersionsService }],
  exports: [ITEM_VERSION_READER],
})
export class VersionsModule {}
