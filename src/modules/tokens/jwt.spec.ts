import * as jwt from 'jsonwebtoken';
import { ErrorCode } from '../../common/errors/error-codes';
import { isVellumJwt, signAccessToken, signScopedToken, verifyAccessToken, verifyScopedToken } from './jwt';

const secret = 's'.repeat(32);
const payload = {
  id: '5b0e7c6a-63a4-4c1b-9a57-1d2f3c4b5a69',
  role: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  app_access: true,
  admin_access: false,
};

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
}

describe('access tokens', () => {
  it('round-trips a signed token', () => {
    const token = signAccessToken(payload, secret, 60_000);
    expect(isVellumJwt(token)).toBe(true);
    expect(verifyAccessToken(token, secret)).toMatchObject({ ...payload, iss: 'vellum' });
  });

  it.each([
    [
      'an expired token',
      jwt.sign({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 }, secret, { issuer: 'vellum' }),
      ErrorCode.TokenExpired,
    ],
    ['another secret', signAccessToken(payload, 'x'.repeat(32), 60_000), ErrorCode.InvalidToken],
    ['missing claims', jwt.sign({ id: payload.id }, secret, { issuer: 'vellum' }), ErrorCode.InvalidToken],
    [
      'a user id that is no UUID',
      jwt.sign({ ...payload, id: "' OR 1=1 --" }, secret, { issuer: 'vellum' }),
      ErrorCode.InvalidToken,
    ],
    [
      'a role that is an array',
      jwt.sign({ ...payload, role: ['x'] }, secret, { issuer: 'vellum' }),
      ErrorCode.InvalidToken,
    ],
    [
      'a session that is no string',
      jwt.sign({ ...payload, session: { a: 1 } }, secret, { issuer: 'vellum' }),
      ErrorCode.InvalidToken,
    ],
    ['another issuer', jwt.sign(payload, secret, { issuer: 'directus' }), ErrorCode.InvalidToken],
    ['garbage', 'a.b.c', ErrorCode.InvalidToken],
  ])('refuses %s', (_label, token, code) => expect(codeOf(() => verifyAccessToken(token, secret))).toBe(code));

  const share = {
    role: null,
    app_access: false,
    admin_access: false,
    share: payload.id,
    share_scope: { collection: 'articles', item: '1' },
  };
  it('round-trips a share session token, which names no user', () => {
    expect(verifyAccessToken(signAccessToken(share, secret, 60_000), secret)).toMatchObject(share);
  });

  it.each([
    ['a share token that also names a user', { ...share, id: payload.id }],
    ['a share token with a role', { ...share, role: payload.role }],
    ['a share token with admin access', { ...share, admin_access: true }],
    ['a share id that is no UUID', { ...share, share: 'x' }],
    ['a share token without its scope', { ...share, share_scope: undefined }],
    ['a share scope without its item', { ...share, share_scope: { collection: 'articles' } }],
  ])('refuses %s', (_label, claims) =>
    expect(codeOf(() => verifyAccessToken(jwt.sign(claims, secret, { issuer: 'vellum' }), secret))).toBe(
      ErrorCode.InvalidToken,
    ),
  );

  it.each([
    ['a static token', 'my-static-token', false],
    ['a foreign JWT', jwt.sign(payload, secret, { issuer: 'directus' }), false],
  ])('%s is not a Vellum JWT', (_label, token, expected) => expect(isVellumJwt(token)).toBe(expected));
});

describe('scoped tokens', () => {
  it('round-trips its claims', () => {
    const token = signScopedToken('password-reset', { email: 'a@b.example' }, secret, 60_000);
    expect(verifyScopedToken(token, secret, 'password-reset')).toMatchObject({
      email: 'a@b.example',
      scope: 'password-reset',
    });
  });

  it.each([
    ['another scope', signScopedToken('invite', {}, secret, 60_000), ErrorCode.Forbidden],
    [
      'an expired token',
      jwt.sign({ scope: 'password-reset', exp: Math.floor(Date.now() / 1000) - 10 }, secret, { issuer: 'vellum' }),
      ErrorCode.TokenExpired,
    ],
    ['another secret', signScopedToken('password-reset', {}, 'x'.repeat(32), 60_000), ErrorCode.InvalidToken],
    ['garbage', 'not-a-jwt', ErrorCode.InvalidToken],
  ])('refuses %s', (_label, token, code) =>
    expect(codeOf(() => verifyScopedToken(token, secret, 'password-reset'))).toBe(code),
  );
});
