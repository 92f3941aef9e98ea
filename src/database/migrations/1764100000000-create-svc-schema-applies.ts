import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { columnsFor } from './column-types';

/**
 * The schema applies under way where DDL cannot be rolled back (MySQL/MariaDB): the plan and how many
 * of its steps are committed, so the next apply can say what an interrupted one left behind.
 */
export class CreateSvcSchemaApplies1764100000000 implements MigrationInterface {
  name = 'CreateSvcSchemaApplies1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'svc_schema_applies',
        columns: [
          c.uuidPrimary(),
          c.string('owner', 64, { isNullable: false }),
          c.json('steps'),
          c.integer('applied', { isNullable: false, default: 0 }),
          c.timestamp('started_on', { default: c.now() }),
          c.timestamp('updated_on', { default: c.now() }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('svc_schema_applies');
  }
}
