import { DataSource } from 'typeorm';

/** Where TypeORM records the migrations that ran: a system table, listed like the reference's own. */
export const MIGRATIONS_TABLE = 'svc_migrations';
/** TypeORM's default name, which databases made before svc_migrations still use. */
const LEGACY_MIGRATIONS_TABLE = 'migrations';

/**
 * TypeORM's data source that, before running migrations (at start, from the `vellum` command or from
 * TypeORM's own CLI), moves a database's record of them to its current table name, so a database made
 * by an older build does not run its migrations a second time.
 */
export class VellumDataSource extends DataSource {
  override async runMigrations(
    options?: Parameters<DataSource['runMigrations']>[0],
  ): ReturnType<DataSource['runMigrations']> {
    await this.adoptMigrationsTable();
    return super.runMigrations(options);
  }

  private async adoptMigrationsTable(): Promise<void> {
    const runner = this.createQueryRunner();
    try {
      if ((await runner.hasTable(MIGRATIONS_TABLE)) || !(await runner.hasTable(LEGACY_MIGRATIONS_TABLE))) return;
      await runner.renameTable(LEGACY_MIGRATIONS_TABLE, MIGRATIONS_TABLE);
    } catch (err) {
      // Another instance starting at the same time may have renamed it first.
      if (!(await runner.hasTable(MIGRATIONS_TABLE))) throw err;
    } finally {
      await runner.release();
    }
  }
}
