import { applyDecorators } from '@nestjs/common';
import { ApiSecurity, type SecuritySchemeObject } from '@nestjs/swagger';
import { ApiErrors } from './error-responses';

/** The three ways a caller presents its token (API.md 1.2); one is enough. */
export function securitySchemes(sessionCookieName: string): Record<string, SecuritySchemeObject> {
  return {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'The `access_token` of `POST /auth/login`, or a user’s static token, in `Authorization: Bearer <token>`.',
    },
    accessTokenQuery: {
      type: 'apiKey',
      in: 'query',
      name: 'access_token',
      description: 'The same token in the `access_token` query parameter (for links such as asset URLs).',
    },
    sessionCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: sessionCookieName,
      description: 'The session cookie set by `POST /auth/login` in `session` mode.',
    },
    metricsToken: {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description: '`Metrics <token>` with a token of METRICS_TOKENS (`GET /metrics` only).',
    },
  };
}

const SCHEMES = ['bearerAuth', 'accessTokenQuery', 'sessionCookie'];

export interface ApiAuthOptions {
  /** The operation also answers callers without a token, with the public role's permissions. */
  anonymous?: boolean;
  /** Administrators only: 401 without credentials, 403 for anyone else (AdminGuard). */
  admin?: boolean;
}

/**
 * The operation uses the caller's identity: any one of the three schemes (alternatives, so Swagger UI's
 * Authorize sends whichever was filled in), and `{}` among them when anonymous callers are answered too.
 * A token that is sent and invalid or expired is a 401 in every case.
 */
export function ApiAuth(options: ApiAuthOptions = {}): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...SCHEMES.map((scheme) => ApiSecurity(scheme)),
    ...(options.anonymous ? [ApiSecurity({})] : []),
    options.admin ? ApiErrors(401, 403) : ApiErrors(401),
  );
}

/**
 * The operation needs no credentials and does not use them (sign-in, password reset, ping). A token that
 * is sent anyway is still checked: an invalid or expired one is a 401.
 */
export const ApiPublic = (): MethodDecorator & ClassDecorator => applyDecorators(ApiSecurity({}), ApiErrors(401));
