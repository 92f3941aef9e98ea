import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AppExceptionFilter } from './common/filters/app-exception.filter';
import { AppLogger } from './common/logging/app-logger';
import { createValidationPipe } from './common/validation.pipe';
import { CLOCK, Clock } from './common/clock';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { DIALECT, Dialect } from './database/dialects/dialect';
import { dialectFor } from './database/dialects/dialect-for';
import { MetricsService } from './common/metrics/metrics.service';

/** Process-wide singletons: configuration, logger, clock, dialect, metrics, the error filter and the validation pipe. */
@Global()
@Module({})
export class CoreModule {
  static register(config: AppConfig, logger: AppLogger, clock: Clock): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: AppLogger, useValue: logger },
        { provide: CLOCK, useValue: clock },
        { provide: DIALECT, useValue: dialectFor(config.db.client) },
        MetricsService,
        {
          provide: APP_FILTER,
          useFactory: (dialect: Dialect, appLogger: AppLogger) =>
            new AppExceptionFilter((e) => dialect.translateError(e), appLogger),
          inject: [DIALECT, AppLogger],
        },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
      exports: [APP_CONFIG, AppLogger, CLOCK, DIALECT, MetricsService],
    };
  }
}
