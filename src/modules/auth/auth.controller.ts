import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { requestContext } from '../../common/guards/request-accountability';
import { AuthHttp } from './auth-http';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { PasswordRequestDto } from './dto/password-request.dto';
import { PasswordResetDto } from './dto/password-reset.dto';
import { RefreshDto } from './dto/refresh.dto';
import { PasswordResetService } from './password-reset.service';

const TOKENS_DESCRIPTION =
  '`{ data: { expires, access_token, refresh_token } }` (json); cookie mode sets `svc_refresh_token` and omits ' +
  '`refresh_token`; session mode sets `svc_session_token` and answers `{ data: { expires } }`. `expires` in milliseconds.';

/** The 429 of the sign-in routes (docs/API.md, Sign-in limits). */
export const SOURCE_LIMIT_DESCRIPTION =
  'REQUESTS_EXCEEDED, with Retry-After: past AUTH_LOGIN_IP_ATTEMPTS failed sign-ins from this address within AUTH_LOCKOUT_DURATION.';

@ApiTags('Authentication')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly http: AuthHttp,
    private readonly passwordReset: PasswordResetService,
  ) {}

  @Get()
  @ApiOkResponse({ description: '`{ data: [], disableDefault: false }`: Vellum has only the local email/password login.' })
  providers() {
    return { data: [], disableDefault: false };
  }

  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ description: TOKENS_DESCRIPTION })
  @ApiTooManyRequestsResponse({ description: SOURCE_LIMIT_DESCRIPTION })
  async login(@Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const tokens = await this.auth.login(dto, requestContext(req));
    return { data: this.http.respond(res, tokens) };
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOkResponse({ description: TOKENS_DESCRIPTION })
  async refresh(@Body() dto: RefreshDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const mode = dto.mode ?? (dto.refresh_token ? 'json' : 'cookie');
    const tokens = await this.auth.refresh(mode, this.http.presentedToken(req, mode, dto.refresh_token));
    return { data: this.http.respond(res, tokens) };
  }

  @Post('logout')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The session is ended and the auth cookies cleared.' })
  async logout(@Body() dto: RefreshDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const mode = dto.mode ?? (dto.refresh_token ? 'json' : 'cookie');
    await this.auth.logout(this.http.presentedToken(req, mode, dto.refresh_token), requestContext(req));
    this.http.clearCookies(req, res);
  }

  @Post('password/request')
  @HttpCode(204)
  @ApiNoContentResponse({
    description:
      'Always, known email or not, and also past AUTH_MAIL_ADDRESS_POINTS mails to the address (then none is sent). ' +
      '400 only for a reset_url outside the allow-list, 429 REQUESTS_EXCEEDED past AUTH_MAIL_IP_POINTS requests from the caller\'s address.',
  })
  @ApiTooManyRequestsResponse({ description: 'REQUESTS_EXCEEDED, with Retry-After: too many requests from this address.' })
  async requestPasswordReset(@Body() dto: PasswordRequestDto, @Req() req: Request): Promise<void> {
    await this.passwordReset.request(dto.email, dto.reset_url, requestContext(req).ip);
  }

  @Post('password/reset')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The password is changed and every session of the user ended.' })
  async resetPassword(@Body() dto: PasswordResetDto): Promise<void> {
    await this.passwordReset.reset(dto.token, dto.password);
  }
}
