import { parseCorsOrigin } from './cors-config';
import { ConfigError, loadConfig } from './load-config';

describe(parseCorsOrigin.name, () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['*', '*'],
    ['https://app.example.com', ['https://app.example.com']],
    ['https://a.example.com, https://b.example.com,', ['https://a.example.com', 'https://b.example.com']],
    ['array:https://a.example.com', ['https://a.example.com']],
    [
      'https://a.example.com,regex:^https://[a-z]+\\.example\\.org$',
      ['https://a.example.com', /^https:\/\/[a-z]+\.example\.org$/],
    ],
    ['regex:^https://(a|b)\\.example\\.com(:\\d{1,5})?$', /^https:\/\/(a|b)\.example\.com(:\d{1,5})?$/],
  ])('%j → %p', (value, origin) => expect(parseCorsOrigin(value)).toEqual(origin));

  it('refuses a pattern that does not compile', () => expect(() => parseCorsOrigin('regex:(')).toThrow(SyntaxError));
});

describe('CORS_* in loadConfig', () => {
  it("defaults to the reference platform's values, disabled", () => {
    expect(loadConfig({}).cors).toEqual({
      enabled: false,
      origin: false,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      exposedHeaders: ['Content-Range'],
      credentials: true,
      maxAge: 18000,
    });
  });

  it('reads every variable', () => {
    const env = {
      CORS_ENABLED: 'true',
      CORS_ORIGIN: 'true',
      CORS_METHODS: 'GET',
      CORS_ALLOWED_HEADERS: 'X-One, X-Two',
      CORS_EXPOSED_HEADERS: 'X-Request-Id',
      CORS_CREDENTIALS: '0',
      CORS_MAX_AGE: '60',
    };
    expect(loadConfig(env).cors).toEqual({
      enabled: true,
      origin: true,
      methods: ['GET'],
      allowedHeaders: ['X-One', 'X-Two'],
      exposedHeaders: ['X-Request-Id'],
      credentials: false,
      maxAge: 60,
    });
  });

  it.each([
    [{ CORS_ENABLED: 'yes' }, 'CORS_ENABLED'],
    [{ CORS_CREDENTIALS: 'no' }, 'CORS_CREDENTIALS'],
    [{ CORS_MAX_AGE: 'long' }, 'CORS_MAX_AGE'],
    [{ CORS_MAX_AGE: '-1' }, 'CORS_MAX_AGE'],
    [{ CORS_ORIGIN: 'regex:[' }, 'CORS_ORIGIN'],
  ])('names the bad variable in %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`${name}: `);
  });
});
