import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';
import { columnsFor } from './column-types';

const fk = (column: string, table: string, onDelete: string) =>
  new TableForeignKey({ columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete });

/**
 * Presets (bookmarks and layout settings per collection, for a user, a role or everyone) and
 * notifications (messages to one user), as the reference platform keeps them.
 */
export class CreateSvcPresetsNotifications1764200000000 implements MigrationInterface {
  name = 'CreateSvcPresetsNotifications1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'svc_presets',
        columns: [
          c.increments(),
          c.string('bookmark', 255),
          c.uuid('user'),
          c.uuid('role'),
          c.string('collection', 64, { isNullable: false }),
          c.string('search', 100),
          c.string('layout', 100, { default: "'tabular'" }),
          c.json('layout_query'),
          c.json('layout_options'),
          c.integer('refresh_interval'),
          c.json('filter'),
          c.string('icon', 64, { default: "'bookmark'" }),
          c.string('color', 255),
        ],
        // A user's or role's own presets go with them.
        foreignKeys: [fk('user', 'svc_users', 'CASCADE'), fk('role', 'svc_roles', 'CASCADE')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'svc_notifications',
        columns: [
          c.increments(),
          c.timestamp('timestamp', { default: c.now() }),
          c.string('status', 255, { default: "'inbox'" }),
          c.uuid('recipient', { isNullable: false }),
          c.uuid('sender'),
          c.string('subject', 255, { isNullable: false }),
          c.text('message'),
          c.string('collection', 64),
          c.string('item', 255),
        ],
        // A deleted sender leaves the message in the recipient's inbox; a deleted recipient takes it along.
        foreignKeys: [fk('recipient', 'svc_users', 'CASCADE'), fk('sender', 'svc_users', 'SET NULL')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('svc_notifications');
    await queryRunner.dropTable('svc_presets');
  }
}
