import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiData, ApiDoc, ApiJsonBody } from '../../common/openapi/operation';
import { ApiPublic } from '../../common/openapi/security';
import type { Request, Response } from 'express';
import { requestContext } from '../../common/guards/request-accountability';
import { AuthHttp } from './auth-http';
import { SOURCE_LIMIT_DESCRIPTION } from './auth-docs';
import { AuthService } from './auth.service';
import { ShareLoginDto } from './dto/share-login.dto';

/** `POST /shares/auth`: here rather than in the shares module, since it opens a session like /auth/login. */
@ApiTags('Shares')
@Controller('shares')
export class ShareAuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly http: AuthHttp,
  ) {}

  @Post('auth')
  @HttpCode(200)
  @ApiDoc({
    id: 'authenticateShare',
    summary: 'Sign in with a share',
    description:
      'A session that reads the shared item only; refreshed and ended at /auth/refresh and /auth/logout. 401 INVALID_CREDENTIALS for an unknown or closed share (dates, uses), a wrong or missing password, or this address locked out of the share. ' +
      SOURCE_LIMIT_DESCRIPTION,
  })
  @ApiPublic()
  @ApiJsonBody(ShareLoginDto, 'The share and, when it has one, its password.')
  @ApiData(
    'AuthTokens',
    'As /auth/login in the same mode: `{ data: { expires, access_token?, refresh_token? } }`, or the refresh / session cookie.',
  )
  async signIn(@Body() dto: ShareLoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const tokens = await this.auth.shareLogin(dto, requestContext(req));
    return { data: this.http.respond(res, tokens) };
  }
}
