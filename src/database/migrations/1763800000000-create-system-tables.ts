import { MigrationInterface, QueryRunner } from 'typeorm';
import { columnsFor } from './column-types';
import { systemTables } from './system-tables';

/** The system tables of API.md (sections 3.8, 4.1, 5.1, 6.1, 8, 12), written with TypeORM's table API only. */
export class CreateSystemTables1763800000000 implements MigrationInterface {
  name = 'CreateSystemTables1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of systemTables(columnsFor(queryRunner))) await queryRunner.createTable(table);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'svc_settings',
      'svc_revisions',
      'svc_activity',
      'svc_versions',
      'svc_relations',
      'svc_fields',
      'svc_collections',
      'svc_sessions',
      'svc_files',
      'svc_folders',
      'svc_permissions',
      'svc_users',
      'svc_roles',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
