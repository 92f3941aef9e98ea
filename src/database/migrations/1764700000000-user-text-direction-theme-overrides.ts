import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './column-types';

/**
 * The reference platform's user preferences of its 11 line: the writing direction of the Studio
 * (`auto`, `ltr`, `rtl`) and theme overrides per appearance, so clients that read or set them find them.
 */
export class UserTextDirectionThemeOverrides1764700000000 implements MigrationInterface {
  name = 'UserTextDirectionThemeOverrides1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.addColumns('svc_users', [
      new TableColumn(c.string('text_direction', 255, { isNullable: false, default: "'auto'" })),
      new TableColumn(c.json('theme_light_overrides')),
      new TableColumn(c.json('theme_dark_overrides')),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['text_direction', 'theme_light_overrides', 'theme_dark_overrides'])
      await queryRunner.dropColumn('svc_users', column);
  }
}
