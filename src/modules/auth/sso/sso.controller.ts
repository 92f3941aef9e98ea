import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppError } from '../../../common/errors/app-error';
import { requestContext } from '../../../common/guards/request-accountability';
import { ApiData, ApiDoc, ApiJsonBody } from '../../../common/openapi/operation';
import { ApiPublic } from '../../../common/openapi/security';
import { AuthHttp } from '../auth-http';
import { SOURCE_LIMIT_DESCRIPTION } from '../auth-docs';
import { LdapLoginDto } from '../dto/ldap-login.dto';
import { readForm } from './lib/form-body';
import { FinishedSignIn, SsoService } from './sso.service';

const PROVIDER = ApiParam({ name: 'provider', description: 'A name of AUTH_PROVIDERS.' });

/** Where a failed redirect sign-in sends the browser: the caller's page, told why (the reference's `reason`). */
function failureTarget(redirect: string, error: unknown): string {
  const reason = error instanceof AppError ? error.code : 'UNKNOWN_EXCEPTION';
  return `${redirect.split('?')[0]}?reason=${encodeURIComponent(reason)}`;
}

/** The single sign-on routes under /auth/login/<provider> (docs/API.md, Single sign-on). */
@ApiTags('Authentication')
@Controller('auth/login/:provider')
export class SsoController {
  constructor(
    private readonly sso: SsoService,
    private readonly http: AuthHttp,
  ) {}

  @Get()
  @ApiDoc({
    id: 'loginProvider',
    summary: 'Start a single sign-on',
    description:
      'Sends the browser to an openid or oauth2 provider (authorization code with PKCE and state), remembering the sign-in in a short-lived cookie, ' +
      'or to a saml identity provider with an authentication request whose RelayState is the redirect target.',
  })
  @ApiPublic()
  @PROVIDER
  @ApiQuery({
    name: 'redirect',
    required: false,
    description:
      'Where the browser returns after the sign-in: a relative path, PUBLIC_URL, or an entry of AUTH_<NAME>_REDIRECT_ALLOW_LIST.',
  })
  @ApiQuery({ name: 'prompt', required: false, description: 'Any value: ask the provider for consent again.' })
  @ApiQuery({
    name: 'otp',
    required: false,
    description: 'One-time password, for users with two-factor authentication.',
  })
  @ApiFoundResponse({
    description:
      "To the provider's authorization page. 400 INVALID_PAYLOAD for a redirect target outside the allow list; 404 for an unknown provider.",
  })
  async start(
    @Param('provider') name: string,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    if (this.sso.driverOf(name) === 'saml') return res.redirect(await this.sso.samlStart(name, query.redirect));
    const started = await this.sso.start(name, query);
    res.cookie(started.cookieName, started.cookie, this.sso.stateCookieOptions());
    res.redirect(started.url);
  }

  @Get('callback')
  @ApiDoc({
    id: 'loginProviderCallback',
    summary: 'Finish a single sign-on',
    description:
      'Where the provider sends the browser back: exchanges the code, finds or creates the user, and signs them in. With a redirect target, ' +
      'sets the session cookie (AUTH_<NAME>_MODE `session`, the default) or the refresh cookie and redirects there, or there with `?reason=<error code>` on failure.',
  })
  @ApiPublic()
  @PROVIDER
  @ApiFoundResponse({
    description: 'To the redirect target given at the start, signed in, or with `?reason=` on failure.',
  })
  @ApiData('AuthTokens', 'Without a redirect target: the tokens, as a json-mode sign-in answers.')
  async callback(@Param('provider') name: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const cookieName = this.sso.stateCookieName(name);
    const state = this.sso.callbackState(name, (req.cookies as Record<string, string> | undefined)?.[cookieName]);
    res.clearCookie(cookieName, this.sso.stateCookieOptions(false));
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    await this.signIn(res, state.redirect, () => this.sso.finish(name, state, query, requestContext(req)));
  }

  @Post('callback')
  @ApiDoc({
    id: 'loginProviderCallbackFormPost',
    summary: 'Finish a single sign-on posted by the provider',
    description:
      'For `response_mode=form_post` (AUTH_<NAME>_PARAMS): the provider posts the answer, and the browser is sent (303) to the GET callback with the same ' +
      "parameters in the query, where the state cookie (SameSite=Lax, not sent with another site's POST) is read.",
  })
  @ApiPublic()
  @PROVIDER
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ schema: { type: 'object', properties: { code: { type: 'string' }, state: { type: 'string' } } } })
  @ApiResponse({ status: 303, description: 'To `GET /auth/login/<provider>/callback` with the posted parameters.' })
  async formPostCallback(@Param('provider') name: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.sso.checkOauthProvider(name);
    const form = await readForm(req);
    res.redirect(303, `./callback?${form.toString()}`);
  }

  @Get('metadata')
  @ApiDoc({
    id: 'loginSamlMetadata',
    summary: 'SAML service provider metadata',
    description:
      "The metadata of a saml provider's service provider side (AUTH_<NAME>_SP_metadata, or one derived from PUBLIC_URL when empty), for the identity provider.",
  })
  @ApiPublic()
  @PROVIDER
  @ApiProduces('text/xml')
  @ApiOkResponse({
    description: 'The SAML metadata document.',
    content: { 'text/xml': { schema: { type: 'string' } } },
  })
  metadata(@Param('provider') name: string, @Res() res: Response): void {
    res.type('text/xml').send(this.sso.samlMetadata(name));
  }

  @Post('acs')
  @ApiDoc({
    id: 'loginSamlAcs',
    summary: 'SAML assertion consumer',
    description:
      'Where the identity provider posts its signed response (HTTP-POST binding). Checks it, finds or creates the user, and signs them in as the openid callback does: ' +
      'with a RelayState, sets the session or refresh cookie and redirects there (or there with `?reason=<error code>` on failure); without one, answers the tokens.',
  })
  @ApiPublic()
  @PROVIDER
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['SAMLResponse'],
      properties: { SAMLResponse: { type: 'string' }, RelayState: { type: 'string' } },
    },
  })
  @ApiFoundResponse({ description: 'To the RelayState, signed in, or with `?reason=` on failure.' })
  @ApiData('AuthTokens', 'Without a RelayState: the tokens, as a json-mode sign-in answers.')
  async acs(@Param('provider') name: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const form = await readForm(req);
    const redirect = this.sso.samlRedirect(name, form.get('RelayState') ?? undefined);
    await this.signIn(res, redirect, () =>
      this.sso.samlFinish(name, form.get('SAMLResponse'), redirect, requestContext(req)),
    );
  }

  @Post()
  @HttpCode(200)
  @ApiDoc({
    id: 'loginLdap',
    summary: 'Sign in through LDAP',
    description:
      'Signs in with the directory identifier and password of an ldap provider, answered as `POST /auth/login`. ' +
      SOURCE_LIMIT_DESCRIPTION,
  })
  @ApiPublic()
  @PROVIDER
  @ApiJsonBody(
    LdapLoginDto,
    'The directory identifier and password, `otp` with two-factor authentication, and the `mode` of the answer.',
  )
  @ApiData('AuthTokens', 'As `POST /auth/login` answers.')
  async ldap(
    @Param('provider') name: string,
    @Body() dto: LdapLoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const tokens = await this.sso.ldapLogin(name, dto, requestContext(req));
    return { data: this.http.respond(res, tokens) };
  }

  /** The end of a redirect sign-in: signed in and sent to the target, or sent there told why; without a target, the answer. */
  private async signIn(res: Response, redirect: string | null, finish: () => Promise<FinishedSignIn>): Promise<void> {
    let finished: FinishedSignIn;
    try {
      finished = await finish();
    } catch (e) {
      if (redirect === null) throw e;
      return res.redirect(failureTarget(redirect, e));
    }
    const body = this.http.respond(res, finished.tokens);
    if (finished.redirect !== null) return res.redirect(finished.redirect);
    res.status(200).json({ data: body });
  }
}
