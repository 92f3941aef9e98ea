import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './column-types';

/**
 * A role created without flags gives nothing by itself, as on the reference platform 11+: its access comes
 * from its policies. The column defaulted to app access, so a role a reference client created as `{ name }`
 * let its users into `/collections` and `/fields`, which the reference refuses them.
 */
export class RoleAppAccessDefault1764600000000 implements MigrationInterface {
  name = 'RoleAppAccessDefault1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.defaultTo(queryRunner, false);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.defaultTo(queryRunner, true);
  }

  private async defaultTo(queryRunner: QueryRunner, appAccess: boolean): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.changeColumn('svc_roles', 'app_access', new TableColumn(c.boolean('app_access', appAccess)));
  }
}
