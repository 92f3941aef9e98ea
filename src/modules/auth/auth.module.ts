import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { UsersModule } from '../users/users.module';
import { AccountabilityService } from './accountability.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { SessionEntity } from './entities/session.entity';

@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, UserEntity]), UsersModule],
  controllers: [AuthController],
  providers: [AuthService, AccountabilityService],
  exports: [AuthService, AccountabilityService],
})
export class AuthModule {}
