import { createHmac } from 'node:crypto';
import { enc } from './fuzz-junk';
import { FuzzContext } from './fuzz-seed';
import { Prng } from './fuzz-values';

/** HS256 by hand: jsonwebtoken refuses to sign the malformed claims the fuzzer wants to send. */
function signed(claims: object, secret: string): string {
  const unsigned = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Forged, tampered, expired, wrongly signed and malformed access tokens. */
function junkTokens({ s, adminToken: admin, secret }: FuzzContext): string[] {
  const [head, , sig] = admin.split('.');
  const forgedPayload = Buffer.from(
    JSON.stringify({ id: s.limited.id, role: null, app_access: true, admin_access: true, iss: 'vellum' }),
  ).toString('base64url');
  return [
    `${head}.${forgedPayload}.${sig}`,
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${forgedPayload}.`,
    signed({ id: s.adminId, role: null, app_access: true, admin_access: true, iss: 'vellum' }, 'wrong-secret'),
    signed({ id: 'not-a-uuid', role: 123, app_access: 'yes', admin_access: 'true', iss: 'vellum' }, secret),
    signed({ id: "' OR 1=1 --", role: ['x'], app_access: true, admin_access: false, iss: 'vellum' }, secret),
    signed(
      { id: { $ne: null }, role: { a: 1 }, app_access: null, admin_access: null, iss: 'vellum', session: ['x'] },
      secret,
    ),
    signed(
      {
        id: s.limited.id,
        role: s.limited.role,
        app_access: true,
        admin_access: false,
        iss: 'vellum',
        session: 'x'.repeat(300),
      },
      secret,
    ),
    signed(
      { id: s.limited.id, role: s.limited.role, app_access: true, admin_access: false, iss: 'vellum', exp: 1 },
      secret,
    ),
    signed({ iss: 'vellum' }, secret),
    signed({ id: s.adminId, iss: 'directus' }, secret),
    signed(
      { id: s.adminId, role: null, app_access: true, admin_access: false, iss: 'vellum', exp: 'never', iat: 'now' },
      secret,
    ),
    `${admin}x`,
    admin.slice(0, -4),
    'a.b.c',
    'x'.repeat(6000),
    'ü',
    '',
    'null',
  ];
}

/** Credentials broken in one way: a junk token, a mangled Authorization scheme, junk cookies, a token in the query, or odd client headers. */
export function junkAuth(ctx: FuzzContext, rng: Prng): { headers: Record<string, string>; query?: string } {
  const admin = ctx.adminToken;
  const tokens = junkTokens(ctx);
  switch (rng.int(6)) {
    case 0:
      return { headers: { Authorization: `Bearer ${rng.pick(tokens)}` } };
    case 1:
      return {
        headers: {
          Authorization: rng.pick([
            'Basic YWRtaW46YWRtaW4=',
            'Bearer',
            'Bearer ',
            `Bearer ${admin} extra`,
            `bearer ${admin}`,
            `BEARER  ${admin}`,
            'Token abc',
            'Digest x',
            `Bearer\t${admin}`,
            'Bearer a b c',
          ]),
        },
      };
    case 2:
      return {
        headers: {
          Cookie: rng.pick([
            `svc_session_token=${enc(rng.pick(tokens))}`,
            'svc_session_token=',
            '=;;;=%%%; svc_session_token',
            'svc_session_token=%E0%A4%A',
            `svc_refresh_token=${'r'.repeat(64)}`,
            `svc_session_token=${admin}; svc_session_token=garbage`,
            `${'c'.repeat(100)}=${'v'.repeat(3000)}`,
          ]),
        },
      };
    case 3:
      return { headers: {}, query: `access_token=${enc(rng.pick(tokens))}` };
    case 4:
      return {
        headers: { Authorization: `Bearer ${admin}` },
        query: rng.pick([
          `access_token=${admin}`,
          'access_token[]=a&access_token[]=b',
          'access_token[x]=1',
          'access_token=',
        ]),
      };
    default:
      return {
        headers: rng.pick<Record<string, string>>([
          { 'X-Forwarded-For': 'x'.repeat(3000) },
          { 'X-Forwarded-For': 'not-an-ip, ::ffff:999.1.1.1' },
          { 'User-Agent': 'ü'.repeat(3000) },
          { Origin: 'null' },
          { Accept: 'application/xml;q=2, */*;q=-1' },
          { 'If-Modified-Since': 'not a date', 'If-None-Match': '"' },
        ]),
      };
  }
}
