import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CollectionMetaEntity } from './entities/collection-meta.entity';
import { FieldMetaEntity } from './entities/field-meta.entity';
import { RelationMetaEntity } from './entities/relation-meta.entity';
import { PermissionsModule } from '../permissions/permissions.module';
import { CollectionsController, FieldsController, RelationsController } from './schema.controllers';
import { SchemaFreshnessMiddleware } from './schema-freshness.middleware';
import { SchemaReads } from './schema-reads';
import { SchemaOverviewService } from './schema-overview.service';
import { SchemaService } from './schema.service';

@Module({
  imports: [TypeOrmModule.forFeature([CollectionMetaEntity, FieldMetaEntity, RelationMetaEntity]), PermissionsModule],
  controllers: [CollectionsController, FieldsController, RelationsController],
  providers: [SchemaOverviewService, SchemaService, SchemaReads],
  exports: [SchemaOverviewService, SchemaService, SchemaReads],
})
export class SchemaModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(SchemaFreshnessMiddleware)
      .exclude({ path: 'server/ping', method: RequestMethod.GET })
      .forRoutes('{*path}');
  }
}
