import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKey } from 'typeorm';
import { columnsFor } from './column-types';

const fk = (column: string, table: string, onDelete: string, referenced = 'id') =>
  new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: [referenced],
    onDelete,
  });

const required = { isNullable: false } as const;

type Columns = ReturnType<typeof columnsFor>;

const creator =
  (queryRunner: QueryRunner) =>
  (name: string, columns: TableColumnOptions[], foreignKeys: TableForeignKey[] = []) =>
    queryRunner.createTable(new Table({ name, columns, foreignKeys }));

async function createComments(queryRunner: QueryRunner, c: Columns): Promise<void> {
  const create = creator(queryRunner);
  await create(
    'svc_comments',
    [
      c.uuidPrimary(),
      c.string('collection', 64, required),
      c.string('item', 255, required),
      c.text('comment', required),
      c.timestamp('date_created', { default: c.now() }),
      c.timestamp('date_updated', { default: c.now() }),
      c.uuid('user_created'),
      c.uuid('user_updated'),
    ],
    // Comments go with their collection; their authors and editors may leave.
    [
      fk('collection', 'svc_collections', 'CASCADE', 'collection'),
      fk('user_created', 'svc_users', 'SET NULL'),
      fk('user_updated', 'svc_users', 'SET NULL'),
    ],
  );
}

async function createDashboardsWithPanels(queryRunner: QueryRunner, c: Columns): Promise<void> {
  const create = creator(queryRunner);
  const stamps = [c.timestamp('date_created', { default: c.now() }), c.uuid('user_created')];
  await create(
    'svc_dashboards',
    [
      c.uuidPrimary(),
      c.string('name', 255, required),
      c.string('icon', 64, { ...required, default: "'dashboard'" }),
      c.text('note'),
      ...stamps,
      c.string('color', 255),
    ],
    [fk('user_created', 'svc_users', 'SET NULL')],
  );
  await create(
    'svc_panels',
    [
      c.uuidPrimary(),
      c.uuid('dashboard', required),
      c.string('name', 255),
      c.string('icon', 64),
      c.string('color', 10),
      c.boolean('show_header', false),
      c.text('note'),
      c.string('type', 255, required),
      ...['position_x', 'position_y', 'width', 'height'].map((name) => c.integer(name, required)),
      c.json('options'),
      ...stamps,
    ],
    // A dashboard's panels are part of it.
    [fk('dashboard', 'svc_dashboards', 'CASCADE'), fk('user_created', 'svc_users', 'SET NULL')],
  );
}

async function createTranslations(queryRunner: QueryRunner, c: Columns): Promise<void> {
  const create = creator(queryRunner);
  await create('svc_translations', [
    c.uuidPrimary(),
    c.string('language', 255, required),
    c.string('key', 255, required),
    c.text('value', required),
  ]);
}

/**
 * Comments on items, dashboards with their panels (Insights) and translation strings, as the
 * reference platform keeps them. No index beyond the keys: a schema snapshot lists the indexes of
 * system collections, and these tables add none a snapshot should carry.
 */
export class CreateSvcCommentsDashboardsTranslations1764400000000 implements MigrationInterface {
  name = 'CreateSvcCommentsDashboardsTranslations1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await createComments(queryRunner, c);
    await createDashboardsWithPanels(queryRunner, c);
    await createTranslations(queryRunner, c);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['svc_translations', 'svc_panels', 'svc_dashboards', 'svc_comments'])
      await queryRunner.dropTable(table);
  }
}
