import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApplyJournal } from './apply-journal.service';
import { SchemaApplyEntity } from './entities/schema-apply.entity';
import { SchemaModule } from './schema.module';
import { SchemaUploadInterceptor } from './schema-upload.interceptor';
import { SchemaSyncController } from './schema-sync.controller';
import { SchemaSyncService } from './schema-sync.service';

/** `/schema/snapshot`, `/schema/diff`, `/schema/apply` (API.md 4), on top of the schema module's services. */
@Module({
  imports: [SchemaModule, TypeOrmModule.forFeature([SchemaApplyEntity])],
  controllers: [SchemaSyncController],
  providers: [SchemaUploadInterceptor, SchemaSyncService, ApplyJournal],
  exports: [SchemaSyncService],
})
export class SchemaSyncModule {}
