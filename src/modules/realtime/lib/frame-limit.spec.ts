import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { limitFrames } from './frame-limit';

describe(limitFrames.name, () => {
  let wss: WebSocketServer;
  let url: string;
  const received: number[] = [];

  beforeAll(async () => {
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 64 * 1024 });
    await new Promise((resolve) => wss.once('listening', resolve));
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
    wss.on('connection', (ws) => {
      ws.on('error', () => undefined);
      limitFrames(ws, 1024);
      ws.on('message', (data: Buffer) => {
        received.push(data.length);
        // The first message stands for a successful sign-in: the connection gets the server's limit.
        limitFrames(ws, 64 * 1024);
      });
    });
  });

  afterAll(() => new Promise((resolve) => wss.close(resolve)));

  async function send(sizes: number[]): Promise<number> {
    const ws = new WebSocket(url);
    ws.on('error', () => undefined);
    await new Promise((resolve) => ws.once('open', resolve));
    for (const size of sizes) ws.send(Buffer.alloc(size));
    return new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  }

  it('closes with 1009 on a frame above the lowered limit, unread', async () => {
    received.length = 0;
    expect(await send([2048])).toBe(1009);
    expect(received).toEqual([]);
  });

  it('takes bigger frames once the limit is raised, up to the server limit', async () => {
    received.length = 0;
    expect(await send([100, 32 * 1024, 65 * 1024])).toBe(1009);
    expect(received).toEqual([100, 32 * 1024]);
  });
});
