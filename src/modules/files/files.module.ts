import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ItemsModule } from '../items/items.module';
import { SettingsModule } from '../settings/settings.module';
import { AssetsController } from './assets.controller';
import { AssetsService } from './assets.service';
import { FileEntity } from './entities/file.entity';
import { FileReplaceInterceptor, FileUploadsInterceptor } from './file-upload.interceptors';
import { FilesController } from './files.controller';
import { UploadSweeper } from './upload-sweeper.service';
import { FilesService } from './files.service';
import { FoldersController } from './folders.controller';
import { FoldersService } from './folders.service';
import { ImportService } from './import.service';
import { StorageService } from './storage/storage.service';
import { TransformService } from './transform/transform.service';
import { TusController } from './tus/tus.controller';
import { TusService } from './tus/tus.service';

@Module({
  imports: [TypeOrmModule.forFeature([FileEntity]), SettingsModule, ItemsModule],
  controllers: [TusController, FilesController, FoldersController, AssetsController],
  providers: [
    FileUploadsInterceptor,
    FileReplaceInterceptor,
    FilesService,
    FoldersService,
    AssetsService,
    ImportService,
    StorageService,
    TransformService,
    UploadSweeper,
    TusService,
  ],
  exports: [FilesService, StorageService],
})
export class FilesModule {}
