import * as jwt from 'jsonwebtoken';
import { ErrorCode } from '../../common/errors/error-codes';
import { isVellumJwt, signAccessToken, signScopedToken, verifyAccessToken, verifyScopedToken } from './jwt';

const secret = 's'.repeat(32);
const payload = { id: 'u1', role: 'r1', app_access: true, admin_access: false };

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
    ['an expired token', jwt.sign({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 }, secret, { issuer: 'vellum' }), ErrorCode.TokenExpired],
    ['another secret', signAccessToken(payload, 'x'.repeat(32), 60_000), ErrorCode.InvalidToken],
    ['missing claims', jwt.sign({ id: 'u1' }, secret, { issuer: 'vellum' }), ErrorCode.InvalidToken],
    ['another issuer', jwt.sign(payload, secret, { issuer: 'directus' }), ErrorCode.InvalidToken],
    ['garbage', 'a.b.c', ErrorCode.InvalidToken],
  ])('refuses %s', (_label, token, code) => expect(codeOf(() => verifyAccessToken(token, secret))).toBe(code));

  it.each([
    ['a static token', 'my-static-token', false],
    ['a foreign JWT', jwt.sign(payload, secret, { issuer: 'directus' }), false],
  ])('%s is not a Vellum JWT', (_label, token, expected) => expect(isVellumJwt(token)).toBe(expected));
});

describe('scoped tokens', () => {
  it('round-trips its claims', () => {
    const token = signScopedToken('password-reset', { email: 'a@b.example' }, secret, 60_000);
    expect(verifyScopedToken(token, secret, 'password-reset')).toMatchObject({ email: 'a@b.example', scope: 'password-reset' });
  });

  it.each([
    ['another scope', signScopedToken('invite', {}, secret, 60_000), ErrorCode.Forbidden],
    ['an expired token', jwt.sign({ scope: 'password-reset', exp: Math.floor(Date.now() / 1000) - 10 }, secret, { issuer: 'vellum' }), ErrorCode.TokenExpired],
    ['another secret', signScopedToken('password-reset', {}, 'x'.repeat(32), 60_000), ErrorCode.InvalidToken],
    ['garbage', 'not-a-jwt', ErrorCode.InvalidToken],
  ])('refuses %s', (_label, token, code) => expect(codeOf(() => verifyScopedToken(token, secret, 'password-reset'))).toBe(code));
});
