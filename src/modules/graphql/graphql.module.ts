import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { GraphqlSdlController } from './graphql-sdl.controller';
import { GraphqlSystemController } from './graphql-system.controller';
import { SystemSchema } from './system-schema';

@Module({
  imports: [AuthModule, UsersModule, SettingsModule],
  controllers: [GraphqlSystemController, GraphqlSdlController],
  providers: [SystemSchema],
})
export class GraphqlModule {}
