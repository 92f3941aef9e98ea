import { parse as parseQueryString } from 'qs';
import type { Request } from 'express';
import * as jwt from 'jsonwebtoken';
import { ErrorCode } from '../../../common/errors/error-codes';
import type { AppConfig } from '../../../config/app-config';
import type { SessionsService } from '../../tokens/sessions.service';
import type { UserEntity } from '../../users/entities/user.entity';
import type { Credentials, CredentialsService } from '../credentials.service';
import { signAccessToken } from '../../tokens/jwt';
import { JwtStrategy, presentedToken } from './jwt.strategy';
import { LocalStrategy } from './local.strategy';

const secret = 's'.repeat(32);
const cookieName = 'svc_session_token';
const config = { secret, auth: { sessionCookie: { name: cookieName } } } as AppConfig;
const claims = {
  id: '5b0e7c6a-63a4-4c1b-9a57-1d2f3c4b5a69',
  role: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  app_access: true,
  admin_access: false,
};

function request({
  query = '',
  authorization,
  cookie,
}: {
  query?: string;
  authorization?: string;
  cookie?: string;
}): Request {
  return {
    url: `/items/articles${query}`,
    query: parseQueryString(query.replace(/^\?/, '')),
    headers: authorization === undefined ? {} : { authorization },
    cookies: cookie === undefined ? {} : { [cookieName]: cookie },
  } as unknown as Request;
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
}

describe('presentedToken (API.md 1.2)', () => {
  it.each([
    ['nothing', {}, null],
    ['the query parameter', { query: '?access_token=q' }, { token: 'q', fromCookie: false }],
    ['a bearer header', { authorization: 'Bearer h' }, { token: 'h', fromCookie: false }],
    ['a lower-case scheme', { authorization: 'bearer h' }, { token: 'h', fromCookie: false }],
    ['the session cookie', { cookie: 'c' }, { token: 'c', fromCookie: true }],
    ['the query over the cookie', { query: '?access_token=q', cookie: 'c' }, { token: 'q', fromCookie: false }],
    ['the header over the cookie', { authorization: 'Bearer h', cookie: 'c' }, { token: 'h', fromCookie: false }],
    ['another scheme', { authorization: 'Basic dTpw' }, null],
    ['a header of three parts', { authorization: 'Bearer h extra' }, null],
    ['a bare token without scheme', { authorization: 'h' }, null],
    ['a repeated query parameter', { query: '?access_token=a&access_token=b' }, null],
    ['an empty query parameter', { query: '?access_token=' }, null],
    ['an empty cookie', { cookie: '' }, null],
  ])('finds %s', (_label, parts, expected) => expect(presentedToken(request(parts), cookieName)).toEqual(expected));

  it('refuses the query parameter and the header together with 400 INVALID_PAYLOAD', () => {
    expect(() => presentedToken(request({ query: '?access_token=q', authorization: 'Bearer h' }), cookieName)).toThrow(
      expect.objectContaining({ code: ErrorCode.InvalidPayload }),
    );
  });
});

describe('JwtStrategy', () => {
  // Tokens here carry no session claim: the session check runs against the database in the e2e suites.
  const sessions = {
    isAlive: () => Promise.reject(new Error('no session claim, no lookup')),
  } as unknown as SessionsService;
  const strategy = new JwtStrategy(config, sessions);
  const token = signAccessToken(claims, secret, 60_000);

  it.each([
    ['the query parameter', { query: `?access_token=${token}` }],
    ['a bearer header', { authorization: `Bearer ${token}` }],
    ['the session cookie', { cookie: token }],
  ])('verifies a token from %s', async (_label, parts) => {
    await expect(strategy.accessToken(request(parts), token)).resolves.toMatchObject({ ...claims, iss: 'vellum' });
  });

  it('knows a token it verified, and no other', async () => {
    const fresh = new JwtStrategy(config, sessions);
    const other = signAccessToken({ ...claims, id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a' }, secret, 60_000);
    expect(await fresh.verifiedBefore(token)).toBeUndefined();
    await fresh.accessToken(request({ authorization: `Bearer ${token}` }), token);
    await expect(fresh.verifiedBefore(token)).resolves.toMatchObject(claims);
    expect(await fresh.verifiedBefore(other)).toBeUndefined();
  });

  it.each([
    [
      'an expired token',
      jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, secret, { issuer: 'vellum' }),
      ErrorCode.TokenExpired,
    ],
    ['another secret', signAccessToken(claims, 'x'.repeat(32), 60_000), ErrorCode.InvalidToken],
    ['another algorithm', jwt.sign(claims, secret, { issuer: 'vellum', algorithm: 'HS512' }), ErrorCode.InvalidToken],
    ['another issuer', jwt.sign(claims, secret, { issuer: 'directus' }), ErrorCode.InvalidToken],
    ['missing claims', jwt.sign({ id: claims.id }, secret, { issuer: 'vellum' }), ErrorCode.InvalidToken],
    ['garbage', 'a.b.c', ErrorCode.InvalidToken],
  ])('refuses %s', async (_label, bad, code) => {
    expect(await codeOf(strategy.accessToken(request({ authorization: `Bearer ${bad}` }), bad))).toBe(code);
    expect(await strategy.verifiedBefore(bad)).toBeUndefined();
  });
});

describe('LocalStrategy', () => {
  const user = { id: 'u1' } as UserEntity;
  const checked: [Credentials, string | null][] = [];
  const credentials = {
    verifyCredentials: (c: Credentials, ip: string | null) => {
      checked.push([c, ip]);
      return Promise.resolve(user);
    },
  } as unknown as CredentialsService;
  const strategy = new LocalStrategy(credentials);

  beforeEach(() => (checked.length = 0));

  it("hands email, password, otp and the caller's address to the credential check", async () => {
    await expect(
      strategy.authenticateCredentials({ email: 'a@b.c', password: 'pw', otp: '123456' }, '192.0.2.1'),
    ).resolves.toBe(user);
    expect(checked).toEqual([[{ email: 'a@b.c', password: 'pw', otp: '123456' }, '192.0.2.1']]);
  });

  it.each([
    ['an empty email', { email: '', password: 'pw' }],
    ['an empty password', { email: 'a@b.c', password: '' }],
  ])('answers %s with 401 INVALID_CREDENTIALS, not passport 400', async (_label, input) => {
    expect(await codeOf(strategy.authenticateCredentials(input, null))).toBe(ErrorCode.InvalidCredentials);
    expect(checked).toEqual([]);
  });
});
