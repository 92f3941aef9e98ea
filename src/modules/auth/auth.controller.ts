import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RouteNotFoundError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { SsoService } from './sso/sso.service';
import { ApiData, ApiDoc, ApiJsonBody } from '../../common/openapi/operation';
import { ApiPublic } from '../../common/openapi/security';
import type { Request, Response } from 'express';
import { requestContext } from '../../common/guards/request-accountability';
import { AuthHttp } from './auth-http';
import { SOURCE_LIMIT_DESCRIPTION, TOKENS_DESCRIPTION } from './auth-docs';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { PasswordRequestDto } from './dto/password-request.dto';
import { PasswordResetDto } from './dto/password-reset.dto';
import { RefreshDto } from './dto/refresh.dto';
import { PasswordResetService } from './password-reset.service';

@ApiTags('Authentication')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly http: AuthHttp,
    private readonly passwordReset: PasswordResetService,
    private readonly sso: SsoService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiDoc({
    id: 'readProviders',
    summary: 'List the sign-in providers',
    description:
      'The single sign-on providers of AUTH_PROVIDERS, and whether email/password sign-in is off (AUTH_DISABLE_DEFAULT).',
  })
  @ApiPublic()
  @ApiQuery({
    name: 'sessionOnly',
    required: false,
    description: 'Present: only the providers that sign in by redirect (openid, oauth2).',
  })
  @ApiOkResponse({
    description: '`{ data: [{ name, driver, icon, label }], disableDefault }`.',
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              driver: { type: 'string', enum: ['openid', 'oauth2', 'ldap'] },
              icon: { type: 'string', nullable: true },
              label: { type: 'string', nullable: true },
            },
          },
        },
        disableDefault: { type: 'boolean' },
      },
    },
  })
  providers(@Query('sessionOnly') sessionOnly: unknown) {
    return {
      data: this.sso.list(sessionOnly !== undefined && sessionOnly !== 'false'),
      disableDefault: this.config.auth.disableDefault,
    };
  }

  @Post('login')
  @HttpCode(200)
  @ApiDoc({
    id: 'login',
    summary: 'Sign in',
    description:
      'Signs in with email and password (and `otp` when two-factor authentication is on). Use the `access_token` with Authorize; `mode` chooses how the refresh token or session is kept. ' +
      SOURCE_LIMIT_DESCRIPTION,
  })
  @ApiPublic()
  @ApiJsonBody(LoginDto, 'Email and password, `otp` with two-factor authentication, and the `mode` of the answer.')
  @ApiData('AuthTokens', TOKENS_DESCRIPTION)
  async login(@Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    // The reference mounts no email/password route when it is turned off.
    if (this.config.auth.disableDefault) throw new RouteNotFoundError('/auth/login');
    const tokens = await this.auth.login(dto, requestContext(req));
    return { data: this.http.respond(res, tokens) };
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiDoc({
    id: 'refresh',
    summary: 'Refresh the session',
    description:
      'A new access token for the refresh token (body in json mode, cookie otherwise); the refresh token is replaced.',
  })
  @ApiPublic()
  @ApiJsonBody(RefreshDto, 'The refresh token in json mode; nothing in cookie and session mode.', { required: false })
  @ApiData('AuthTokens', TOKENS_DESCRIPTION)
  async refresh(@Body() dto: RefreshDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const mode = dto.mode ?? (dto.refresh_token ? 'json' : 'cookie');
    const tokens = await this.auth.refresh(
      mode,
      this.http.presentedToken(req, mode, dto.refresh_token),
      requestContext(req),
    );
    return { data: this.http.respond(res, tokens) };
  }

  @Post('logout')
  @HttpCode(204)
  @ApiDoc({
    id: 'logout',
    summary: 'Sign out',
    description:
      'Ends the session of the refresh token (body in json mode, cookie otherwise) and clears the auth cookies.',
  })
  @ApiPublic()
  @ApiJsonBody(RefreshDto, 'The refresh token in json mode; nothing in cookie and session mode.', { required: false })
  @ApiNoContentResponse({ description: 'The session is ended and the auth cookies cleared.' })
  async logout(@Body() dto: RefreshDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const mode = dto.mode ?? (dto.refresh_token ? 'json' : 'cookie');
    await this.auth.logout(this.http.presentedToken(req, mode, dto.refresh_token), requestContext(req));
    this.http.clearCookies(req, res);
  }

  @Post('password/request')
  @HttpCode(204)
  @ApiDoc({
    id: 'passwordRequest',
    summary: 'Request a password reset',
    description: 'Mails a reset link to the user with this email, if there is one; the answer is the same either way.',
  })
  @ApiPublic()
  @ApiJsonBody(PasswordRequestDto, 'The email of the account, and where the mailed link points.')
  @ApiNoContentResponse({
    description:
      'Always, known email or not, and also past AUTH_MAIL_ADDRESS_POINTS mails to the address (then none is sent). ' +
      "400 only for a reset_url outside the allow-list, 429 REQUESTS_EXCEEDED past AUTH_MAIL_IP_POINTS requests from the caller's address.",
  })
  async requestPasswordReset(@Body() dto: PasswordRequestDto, @Req() req: Request): Promise<void> {
    await this.passwordReset.request(dto.email, dto.reset_url, requestContext(req).ip);
  }

  @Post('password/reset')
  @HttpCode(204)
  @ApiDoc({
    id: 'passwordReset',
    summary: 'Reset a password',
    description: 'Sets a new password with the token of the reset mail.',
  })
  @ApiPublic()
  @ApiJsonBody(PasswordResetDto, 'The token of the reset mail and the new password.')
  @ApiNoContentResponse({ description: 'The password is changed and every session of the user ended.' })
  async resetPassword(@Body() dto: PasswordResetDto): Promise<void> {
    await this.passwordReset.reset(dto.token, dto.password);
  }
}
