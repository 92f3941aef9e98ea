import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock, systemClock } from './common/clock';
import { VellumDataSource } from './database/vellum-data-source';
import { AuthGuard } from './modules/auth/auth.guard';
import { AppLogger } from './common/logging/app-logger';
import { AppConfig } from './config/app-config';
import { CoreModule } from './core.module';
import { dataSourceOptions } from './database/data-source';
import { serializeSqliteTransactions } from './database/serialize-sqlite-transactions';
import { boundStatements } from './database/bound-statements';
import { dialectFor } from './database/dialects/dialect-for';
import { AuthModule } from './modules/auth/auth.module';
import { BootstrapModule } from './modules/bootstrap/bootstrap.module';
import { GraphqlModule } from './modules/graphql/graphql.module';
import { ExtensionsModule } from './modules/extensions/extensions.module';
import { FilesModule } from './modules/files/files.module';
import { CacheModule } from './modules/cache/cache.module';
import { HashModule } from './modules/hash/hash.module';
import { RateLimiterModule } from './modules/rate-limiter/rate-limiter.module';
import { ActivityRoutesModule } from './modules/items/activity-routes.module';
import { ItemsModule } from './modules/items/items.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { PresetsModule } from './modules/presets/presets.module';
import { SharesModule } from './modules/shares/shares.module';
import { CommentsModule } from './modules/comments/comments.module';
import { DashboardsModule } from './modules/dashboards/dashboards.module';
import { TranslationsModule } from './modules/translations/translations.module';
import { SchemaModule } from './modules/schema/schema.module';
import { SchemaRoutesModule } from './modules/schema-routes/schema-routes.module';
import { SchemaSyncModule } from './modules/schema/schema-sync.module';
import { RealtimeModule } from './modules/realtime/realtime.module';
import { ServerModule } from './modules/server/server.module';
import { PermissionsRoutesModule } from './modules/permissions-routes/permissions-routes.module';
import { SettingsRoutesModule } from './modules/settings-routes/settings-routes.module';
import { SettingsModule } from './modules/settings/settings.module';
import { StudioModule } from './modules/studio/studio.module';
import { AdminRowGuardsModule } from './modules/users/admin-row-guards';
import { UsersModule } from './modules/users/users.module';
import { UtilsModule } from './modules/utils/utils.module';
import { VersionsModule } from './modules/versions/versions.module';

/** The TypeORM connection for the configured database, with the guards every statement runs under. */
function databaseModule(config: AppConfig): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: () => ({
      ...dataSourceOptions(config),
      migrationsRun: config.db.migrate,
      autoLoadEntities: true,
      // Fail fast at start instead of retrying for half a minute with a wrong DB_* setting.
      retryAttempts: 0,
    }),
    dataSourceFactory: async (options) => {
      const dataSource = await new VellumDataSource(options!).initialize();
      if (config.db.client === 'sqlite') serializeSqliteTransactions(dataSource);
      boundStatements(dataSource, dialectFor(config.db.client), {
        acquireMs: config.db.acquireTimeout,
        statementMs: config.db.statementTimeout,
      });
      return dataSource;
    },
  });
}

@Module({})
export class AppModule {
  /**
   * The whole application for one validated configuration (tests build several side by side).
   * `extraModules` lets the test harness mount probes, such as a route that fails unexpectedly.
   */
  static register(
    config: AppConfig,
    logger: AppLogger,
    extraModules: Type[] = [],
    clock: Clock = systemClock,
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config, logger, clock),
        databaseModule(config),
        HashModule,
        RateLimiterModule,
        CacheModule.register(config),
        SettingsModule,
        UsersModule,
        AdminRowGuardsModule,
        AuthModule,
        GraphqlModule,
        SchemaModule,
        SchemaRoutesModule,
        SchemaSyncModule,
        ItemsModule,
        PermissionsRoutesModule,
        ActivityRoutesModule,
        SettingsRoutesModule,
        VersionsModule,
        PresetsModule,
        NotificationsModule,
        SharesModule,
        CommentsModule,
        DashboardsModule,
        TranslationsModule,
        ServerModule,
        BootstrapModule,
        FilesModule,
        ExtensionsModule,
        UtilsModule,
        MetricsModule,
        StudioModule,
        RealtimeModule,
        ...extraModules,
      ],
      providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
    };
  }
}
