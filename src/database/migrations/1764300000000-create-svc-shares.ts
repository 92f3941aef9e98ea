import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';
import { columnsFor } from './column-types';

/** Shares: links that let someone outside the project see one item, as the reference platform keeps them. */
export class CreateSvcShares1764300000000 implements MigrationInterface {
  name = 'CreateSvcShares1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'svc_shares',
        columns: [
          c.uuidPrimary(),
          c.string('name', 255),
          c.string('collection', 64, { isNullable: false }),
          c.string('item', 255, { isNullable: false }),
          c.uuid('role'),
          c.string('password', 255),
          c.uuid('user_created'),
          c.timestamp('date_created', { default: c.now() }),
          c.timestamp('date_start'),
          c.timestamp('date_end'),
          c.integer('times_used', { default: 0 }),
          c.integer('max_uses'),
        ],
        // A share goes with the collection it opens and the role it reads as; its creator may leave.
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['collection'],
            referencedTableName: 'svc_collections',
            referencedColumnNames: ['collection'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            columnNames: ['role'],
            referencedTableName: 'svc_roles',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            columnNames: ['user_created'],
            referencedTableName: 'svc_users',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('svc_shares');
  }
}
