import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The instance running a job (a process id of its own, not the host's): with the job's heartbeat
 * (`updated_on`), any instance can tell a job whose owner died from one still running elsewhere.
 */
export class AddJobOwner1764000000000 implements MigrationInterface {
  name = 'AddJobOwner1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'svc_jobs',
      new TableColumn({ name: 'owner', type: 'varchar', length: '64', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('svc_jobs', 'owner');
  }
}
