import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CollectionMetaEntity } from './entities/collection-meta.entity';
import { FieldMetaEntity } from './entities/field-meta.entity';
import { RelationMetaEntity } from './entities/relation-meta.entity';
import { SchemaFreshnessMiddleware } from './schema-freshness.middleware';
import { SchemaOverviewService } from './schema-overview.service';
import { SchemaService } from './schema.service';

@Module({
  imports: [TypeOrmModule.forFeature([CollectionMetaEntity, FieldMetaEntity, RelationMetaEntity])],
  providers: [SchemaOverviewService, SchemaService],
  exports: [SchemaOverviewService, SchemaService],
})
export class SchemaModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(SchemaFreshnessMiddleware)
      .exclude({ path: 'server/ping', method: RequestMethod.GET })
      .forRoutes('{*path}');
  }
}
