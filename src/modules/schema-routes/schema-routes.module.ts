import { Module } from '@nestjs/common';
import { PermissionsModule } from '../permissions/permissions.module';
import { SchemaModule } from '../schema/schema.module';
import { CollectionsController, FieldsController, RelationsController } from './schema.controllers';
import { SchemaReads } from './schema-reads';

/**
 * `/collections`, `/fields` and `/relations`, and the schema as a caller may read it (GraphQL's system
 * schema reads it too), in a folder of its own: the reads are filtered by the caller's rules, which
 * permissions/ works out from the schema overview, so schema/ must not import permissions/ back.
 */
@Module({
  imports: [SchemaModule, PermissionsModule],
  controllers: [CollectionsController, FieldsController, RelationsController],
  providers: [SchemaReads],
  exports: [SchemaReads],
})
export class SchemaRoutesModule {}
