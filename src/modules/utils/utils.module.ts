import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module';
import { ItemsModule } from '../items/items.module';
import { PermissionsModule } from '../permissions/permissions.module';
import { DataExportService } from './data-export.service';
import { DataImportService } from './data-import.service';
import { JobEntity } from './entities/job.entity';
import { ImportTempSweeper } from './import-temp-sweeper.service';
import { ImportUploadInterceptor } from './import-upload.interceptor';
import { JobsService } from './jobs.service';
import { SortService } from './sort.service';
import { UtilsController } from './utils.controller';
import { RevertService } from './revert.service';
import { UtilsService } from './utils.service';

@Module({
  imports: [TypeOrmModule.forFeature([JobEntity]), ItemsModule, PermissionsModule, FilesModule],
  controllers: [UtilsController],
  providers: [
    ImportUploadInterceptor,
    ImportTempSweeper,
    UtilsService,
    JobsService,
    SortService,
    DataImportService,
    DataExportService,
    RevertService,
  ],
  exports: [UtilsService, JobsService, SortService, DataImportService, DataExportService, RevertService],
})
export class UtilsModule {}
