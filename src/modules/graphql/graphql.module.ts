import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ItemsModule } from '../items/items.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { GraphqlExecutor } from './graphql-executor';
import { GraphqlSocketService } from './graphql-socket.service';
import { GraphqlSdlController } from './graphql-sdl.controller';
import { GraphqlSystemController } from './graphql-system.controller';
import { ItemsSchema } from './items/items-schema';
import { SystemSchema } from './system-schema';

@Module({
  imports: [AuthModule, UsersModule, SettingsModule, ItemsModule, RealtimeModule],
  controllers: [GraphqlSystemController, GraphqlSdlController],
  providers: [SystemSchema, ItemsSchema, GraphqlExecutor, GraphqlSocketService],
})
export class GraphqlModule {}
