import { ForbiddenError } from '../../../common/errors/errors';
import { errorFrame, frame, SocketError } from './socket-error';

describe(errorFrame.name, () => {
  it.each<[unknown, string, string | number | undefined, unknown]>([
    [
      new ForbiddenError(),
      'subscribe',
      's1',
      {
        type: 'subscribe',
        status: 'error',
        error: { code: 'FORBIDDEN', message: "You don't have permission to access this." },
        uid: 's1',
      },
    ],
    [
      new SocketError('auth', 'AUTH_FAILED', 'Authentication failed.', 3),
      'server',
      undefined,
      { type: 'auth', status: 'error', error: { code: 'AUTH_FAILED', message: 'Authentication failed.' }, uid: 3 },
    ],
    [
      new SocketError('items', 'INVALID_PAYLOAD', 'x'),
      'items',
      9,
      { type: 'items', status: 'error', error: { code: 'INVALID_PAYLOAD', message: 'x' }, uid: 9 },
    ],
    [
      new ForbiddenError(),
      'items',
      undefined,
      {
        type: 'items',
        status: 'error',
        error: { code: 'FORBIDDEN', message: "You don't have permission to access this." },
      },
    ],
  ])('%s as %s', (error, type, uid, expected) => expect(JSON.parse(errorFrame(type, error, uid)!)).toEqual(expected));

  it('keeps unexpected errors to the log', () =>
    expect(errorFrame('items', new Error('db password wrong'))).toBeNull());
});

describe(frame.name, () => {
  it.each<[string, Record<string, unknown> | undefined, string | number | undefined, unknown]>([
    ['pong', undefined, undefined, { type: 'pong' }],
    ['pong', undefined, 0, { type: 'pong', uid: 0 }],
    ['subscription', { event: 'init', data: [] }, 'a', { type: 'subscription', event: 'init', data: [], uid: 'a' }],
  ])('%s', (type, data, uid, expected) => expect(JSON.parse(frame(type, data, uid))).toEqual(expected));
});
