import { Global, Module } from '@nestjs/common';
import { PermissionsModule } from '../permissions/permissions.module';
import { SchemaModule } from '../schema/schema.module';
import { SettingsModule } from '../settings/settings.module';
import { HealthService } from './health.service';
import { LiveSpecService } from './live-spec.service';
import { OpenApiDocument } from './openapi-document';
import { ServerController } from './server.controller';
import { ServerService } from './server.service';

@Global()
@Module({
  imports: [SettingsModule, SchemaModule, PermissionsModule],
  controllers: [ServerController],
  providers: [ServerService, HealthService, OpenApiDocument, LiveSpecService],
  exports: [OpenApiDocument],
})
export class ServerModule {}
