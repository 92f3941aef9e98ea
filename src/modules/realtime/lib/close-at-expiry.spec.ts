import { EventEmitter } from 'node:events';
import type WebSocket from 'ws';
import { closeAtExpiry } from './close-at-expiry';

class FakeSocket extends EventEmitter {
  closedWith: number | null = null;
  close(code: number) {
    this.closedWith = code;
    this.emit('close');
  }
}

describe(closeAtExpiry.name, () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it.each<[string, number | null, number, number | null]>([
    ['never closes for a token without expiry', null, 10 ** 9, null],
    ['closes with 4403 once the expiry has passed', 1_005_000, 5_000, 4403],
    ['stays open until then', 1_005_000, 4_999, null],
    ['closes at once for a token already expired', 999_000, 0, 4403],
    ['waits past the longest timer for a distant expiry', 1_000_000 + 2 ** 31 + 10, 2 ** 31 + 10, 4403],
  ])('%s', (_label, expiresAt, advance, expected) => {
    const ws = new FakeSocket();
    closeAtExpiry(ws as unknown as WebSocket, expiresAt);
    jest.advanceTimersByTime(advance);
    expect(ws.closedWith).toBe(expected);
  });

  it('forgets the timer of a socket closed before', () => {
    const ws = new FakeSocket();
    closeAtExpiry(ws as unknown as WebSocket, 1_005_000);
    ws.close(1000);
    jest.advanceTimersByTime(10_000);
    expect(ws.closedWith).toBe(1000);
  });
});
