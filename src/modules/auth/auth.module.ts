import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { MailModule } from '../mail/mail.module';
import { PermissionsModule } from '../permissions/permissions.module';
import { RateLimiterModule } from '../rate-limiter/rate-limiter.module';
import { SessionsModule } from '../tokens/sessions.module';
import { SettingsModule } from '../settings/settings.module';
import { SharesModule } from '../shares/shares.module';
import { UsersModule } from '../users/users.module';
import { AccountabilityService } from './accountability.service';
import { AuthHttp } from './auth-http';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { ShareAuthController } from './share-auth.controller';
import { SsoController } from './sso/sso.controller';
import { SsoUsersService } from './sso/sso-users.service';
import { SsoService } from './sso/sso.service';
import { CredentialsService } from './credentials.service';
import { LoginLockoutService } from './login-lockout.service';
import { PasswordResetService } from './password-reset.service';
import { JwtStrategy } from './strategies/jwt.strategy';
import { LocalStrategy } from './strategies/local.strategy';

@Module({
  imports: [
    ActivityModule,
    UsersModule,
    SessionsModule,
    SettingsModule,
    MailModule,
    RateLimiterModule,
    SharesModule,
    PermissionsModule,
  ],
  controllers: [AuthController, ShareAuthController, SsoController],
  providers: [
    AuthService,
    AuthHttp,
    AccountabilityService,
    CredentialsService,
    LocalStrategy,
    JwtStrategy,
    LoginLockoutService,
    PasswordResetService,
    SsoService,
    SsoUsersService,
  ],
  exports: [AuthService, AuthHttp, AccountabilityService, PasswordResetService, SsoService],
})
export class AuthModule {}
