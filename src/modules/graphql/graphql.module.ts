import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { GraphqlSystemController } from './graphql-system.controller';
import { SystemSchema } from './system-schema';

@Module({
  imports: [AuthModule, UsersModule],
  controllers: [GraphqlSystemController],
  providers: [SystemSchema],
})
export class GraphqlModule {}
