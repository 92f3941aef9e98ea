import { Module } from '@nestjs/common';
import { SchemaModule } from './schema.module';
import { SchemaUploadInterceptor } from './schema-upload.interceptor';
import { SchemaSyncController } from './schema-sync.controller';
import { SchemaSyncService } from './schema-sync.service';

/** `/schema/snapshot`, `/schema/diff`, `/schema/apply` (API.md 4), on top of the schema module's services. */
@Module({
  imports: [SchemaModule],
  controllers: [SchemaSyncController],
  providers: [SchemaUploadInterceptor, SchemaSyncService],
  exports: [SchemaSyncService],
})
export class SchemaSyncModule {}
