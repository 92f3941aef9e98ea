import { parseMessage } from './parse-message';
import { SocketError } from './socket-error';

describe(parseMessage.name, () => {
  it.each([
    ['{"type":"ping"}', { type: 'ping' }],
    ['{"type":"PING","uid":7}', { type: 'ping', uid: 7 }],
    ['{"type":"pong"}', { type: 'other', name: 'pong' }],
    ['{"type":"auth","access_token":"t"}', { type: 'auth', access_token: 't' }],
    [
      '{"type":"auth","email":"a@b.c","password":"p","uid":"1"}',
      { type: 'auth', email: 'a@b.c', password: 'p', uid: '1' },
    ],
    ['{"type":"auth","refresh_token":"r"}', { type: 'auth', refresh_token: 'r' }],
    ['{"type":"subscribe","collection":"a"}', { type: 'subscribe', collection: 'a' }],
    [
      '{"type":"subscribe","collection":"a","event":"create","item":3,"query":{"fields":["id"]}}',
      { type: 'subscribe', collection: 'a', event: 'create', item: 3, query: { fields: ['id'] } },
    ],
    ['{"type":"unsubscribe","uid":"s1"}', { type: 'unsubscribe', uid: 's1' }],
    ['{"type":"unsubscribe"}', { type: 'unsubscribe' }],
    [
      '{"type":"items","collection":"a","action":"read","ids":[1,"2"]}',
      { type: 'items', collection: 'a', action: 'read', ids: [1, '2'] },
    ],
  ])('parses %s', (text, expected) => expect(parseMessage(text)).toEqual(expected));

  it.each([
    ['not json', 'server', undefined],
    ['[1]', 'server', undefined],
    ['{"uid":1}', 'server', undefined],
    ['{"type":"ping","uid":{}}', 'server', undefined],
    ['{"type":"auth"}', 'auth', undefined],
    ['{"type":"auth","email":"a@b.c","uid":2}', 'auth', 2],
    ['{"type":"auth","access_token":5}', 'auth', undefined],
    ['{"type":"subscribe","uid":"x"}', 'subscribe', 'x'],
    ['{"type":"subscribe","collection":"a","event":"init"}', 'subscribe', undefined],
    ['{"type":"subscribe","collection":"a","query":"fields=id"}', 'subscribe', undefined],
    ['{"type":"subscribe","collection":"a","item":true}', 'subscribe', undefined],
    ['{"type":"items","collection":"a","action":"drop"}', 'items', undefined],
    ['{"type":"items","collection":"a","action":"read","ids":[{}]}', 'items', undefined],
    ['{"type":"items","collection":"a","action":"create","data":{"__proto__":{"z":1}},"uid":3}', 'items', 3],
    [
      '{"type":"subscribe","collection":"a","query":{"filter":{"constructor":{"prototype":{"z":1}}}}}',
      'subscribe',
      undefined,
    ],
    ['{"type":"PING","prototype":{"z":1},"uid":"p"}', 'ping', 'p'],
    [
      `{"type":"items","collection":"a","action":"create","uid":4,"data":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
      'items',
      4,
    ],
  ])('refuses %s as INVALID_PAYLOAD of type %s', (text, type, uid) => {
    let error: unknown;
    try {
      parseMessage(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SocketError);
    expect(error).toMatchObject({ type, code: 'INVALID_PAYLOAD', uid });
  });
});
