import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './column-types';

/** Import and export jobs (API.md decisions table), in the database so any instance can report them. */
export class CreateSvcJobs1763930000000 implements MigrationInterface {
  name = 'CreateSvcJobs1763930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'svc_jobs',
        columns: [
          c.uuidPrimary(),
          c.string('type', 16, { isNullable: false }),
          c.string('collection', 64, { isNullable: false }),
          c.string('format', 16),
          c.string('status', 16, { isNullable: false }),
          c.uuid('user'),
          c.integer('rows_done', { isNullable: false, default: 0 }),
          c.json('errors'),
          c.uuid('file'),
          c.timestamp('created_on', { default: c.now() }),
          c.timestamp('updated_on', { default: c.now() }),
          c.timestamp('finished_on'),
        ],
        indices: [new TableIndex({ name: 'svc_jobs_user_index', columnNames: ['user'] })],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['user'],
            referencedTableName: 'svc_users',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          }),
          new TableForeignKey({
            columnNames: ['file'],
            referencedTableName: 'svc_files',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('svc_jobs');
  }
}
