import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ExportInterceptor } from '../../common/interceptors/export.interceptor';
import { UtilsController } from './utils.controller';
import { UtilsService } from './utils.service';

@Module({
  controllers: [UtilsController],
  providers: [UtilsService, { provide: APP_INTERCEPTOR, useClass: ExportInterceptor }],
  exports: [UtilsService],
})
export class UtilsModule {}
