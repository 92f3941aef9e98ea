import { Global, Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { HealthService } from './health.service';
import { OpenApiDocument } from './openapi-document';
import { ServerController } from './server.controller';
import { ServerService } from './server.service';

@Global()
@Module({
  imports: [SettingsModule],
  controllers: [ServerController],
  providers: [ServerService, HealthService, OpenApiDocument],
  exports: [OpenApiDocument],
})
export class ServerModule {}
