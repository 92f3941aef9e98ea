import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ExportInterceptor } from '../../common/interceptors/export.interceptor';
import { JobEntity } from './entities/job.entity';
import { JobsService } from './jobs.service';
import { UtilsController } from './utils.controller';
import { UtilsService } from './utils.service';

@Module({
  imports: [TypeOrmModule.forFeature([JobEntity])],
  controllers: [UtilsController],
  providers: [UtilsService, JobsService, { provide: APP_INTERCEPTOR, useClass: ExportInterceptor }],
  exports: [UtilsService, JobsService],
})
export class UtilsModule {}
