import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The field type (`string`, `json`, `boolean`, ...) cannot be recovered from the column alone on every
 * vendor (JSON is text on SQLite and longtext on MariaDB; booleans are tinyint), so it is stored with the
 * field's meta row.
 */
export class AddFieldType1763900000000 implements MigrationInterface {
  name = 'AddFieldType1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'svc_fields',
      new TableColumn({ name: 'type', type: 'varchar', length: '64', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('svc_fields', 'type');
  }
}
