import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { UtilsModule } from '../utils/utils.module';
import { MetricsCollectors } from './metrics-collectors.service';
import { MetricsController } from './metrics.controller';
import { ServiceChecks } from './service-checks.service';

/**
 * Prometheus metrics at /metrics (METRICS_*). The registry and its recorders (MetricsService) are a
 * core provider, so the modules that count (cache, files) need not import this one.
 */
@Module({
  imports: [UtilsModule, FilesModule],
  controllers: [MetricsController],
  providers: [MetricsCollectors, ServiceChecks],
})
export class MetricsModule {}
