import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './column-types';

/**
 * The reference platform's collection `meta.status` (`active` or `inactive`: the items of an inactive
 * collection can't be read or written, its schema can) and `meta.autosave_revision_interval` (seconds,
 * or null for the default), so clients that read or set them find them.
 */
export class CollectionStatusAutosave1764800000000 implements MigrationInterface {
  name = 'CollectionStatusAutosave1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.addColumns('svc_collections', [
      new TableColumn(c.string('status', 255, { isNullable: false, default: "'active'" })),
      new TableColumn({ name: 'autosave_revision_interval', ...c.dialect.fieldColumn('float', {}), isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['status', 'autosave_revision_interval'])
      await queryRunner.dropColumn('svc_collections', column);
  }
}
