import WebSocket from 'ws';
import { AppLogger } from '../../../src/common/logging/app-logger';
import { GraphqlSocketService } from '../../../src/modules/graphql/graphql-socket.service';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { until } from '../../helpers/until';
import { socketUrl } from '../../helpers/ws-client';

/** Shed load is expected under a burst: one warning line each, never an error with a stack. */
describe('refused load does not flood the error log', () => {
  let t: TestApp;
  const lines: Record<string, any>[] = [];
  const stderr: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    const logger = new AppLogger('debug', { write: (line: string) => lines.push(JSON.parse(line)) });
    t = await createTestApp({
      logger,
      env: {
        WEBSOCKETS_ENABLED: 'true',
        HASH_MAX_CONCURRENT: '1',
        HASH_MAX_CONCURRENT_PER_CALLER: '1',
        HASH_MAX_QUEUE: '0',
        HASH_MAX_QUEUE_PER_CALLER: '0',
        HASH_MEMORY_COST: '65536',
        HASH_TIME_COST: '4',
      },
    });
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: any[]) => {
      stderr.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof process.stderr.write;
    const error = console.error;
    console.error = (...args: unknown[]) => stderr.push(args.map(String).join(' '));
    restore = () => {
      process.stderr.write = write;
      console.error = error;
    };
  });
  afterAll(async () => {
    restore();
    await t.close();
  });

  it('logs each refused hash as one warning without a stack', async () => {
    lines.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.as('anonymous').post('/utils/hash/generate').send({ string: 'not-logged-secret' }),
      ),
    );
    const refused = answers.filter((res) => res.status === 503).length;
    expect(refused).toBeGreaterThan(0);
    const shed = lines.filter((line) => /hash/.test(String(line.msg)) || line.service === 'hash');
    expect(shed.length).toBe(refused);
    for (const line of shed) {
      expect(line.level).toBe(40);
      expect(JSON.stringify(line)).not.toMatch(/stack|\\n\s+at /);
    }
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('not-logged-secret');
  });

  it('logs an oversize frame before sign-in on one line at most, nothing on stderr', async () => {
    lines.length = 0;
    stderr.length = 0;
    const ws = new WebSocket(await socketUrl(t, '/graphql'), 'graphql-transport-ws');
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    ws.send('x'.repeat(9 * 1024));
    expect(await closed).toBe(1009);
    // What the server logs about the socket, it logs by the time it has closed its end.
    await until(() => t.app.get(GraphqlSocketService)['wss']!.clients.size === 0, 'the server closed the socket');
    expect(stderr.filter((s) => /WebSocket|RangeError/.test(s))).toEqual([]);
    const about = lines.filter((line) => /websocket|payload/i.test(JSON.stringify(line)));
    expect(about.length).toBeLessThanOrEqual(1);
    expect(JSON.stringify(about)).not.toMatch(/stack|\\n\s+at /);
  });
});
