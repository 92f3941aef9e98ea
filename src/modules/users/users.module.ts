import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ItemsModule } from '../items/items.module';
import { MailModule } from '../mail/mail.module';
import { RateLimiterModule } from '../rate-limiter/rate-limiter.module';
import { SessionsModule } from '../tokens/sessions.module';
import { SettingsModule } from '../settings/settings.module';
import { RoleEntity } from './entities/role.entity';
import { UserEntity } from './entities/user.entity';
import { TfaService } from './tfa.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([UserEntity, RoleEntity]),
    ItemsModule,
    SessionsModule,
    SettingsModule,
    MailModule,
    RateLimiterModule,
  ],
  controllers: [UsersController],
  providers: [UsersService, TfaService],
  exports: [UsersService, TfaService],
})
export class UsersModule {}
