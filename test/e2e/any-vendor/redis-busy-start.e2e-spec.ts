import { AppLogger } from '../../../src/common/logging/app-logger';
import { loadConfig } from '../../../src/config/load-config';
import { RedisService } from '../../../src/modules/cache/redis.service';
import { TEST_REDIS } from '../../helpers/redis-namespace';

const COMMAND_TIMEOUT_MS = 200;

/** Keeps the event loop busy, as the application's own start does at times. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * A start that keeps the event loop busy past REDIS_COMMAND_TIMEOUT (CI's failure: a healthy Redis was
 * called lost while an answer waited on the socket, and the start failed). The timeouts hold once the
 * application has started.
 */
describe('Redis while the application starts', () => {
  let service: RedisService;
  beforeEach(() => {
    const config = loadConfig({ NODE_ENV: 'test', REDIS: TEST_REDIS, REDIS_COMMAND_TIMEOUT: `${COMMAND_TIMEOUT_MS}` });
    service = new RedisService(config, new AppLogger('silent'));
  });
  afterEach(() => service.onApplicationShutdown());

  it('answers a command sent before a busy stretch longer than the command timeout', async () => {
    const redis = await service.connect('busy-start');
    const answer = redis.ping();
    busy(COMMAND_TIMEOUT_MS * 3);
    await expect(answer).resolves.toBe('PONG');
    expect(service.reachable).toBe(true);
  });

  it('keeps a connection whose answer waited on the socket through a busy stretch once started', async () => {
    service.onApplicationBootstrap();
    const redis = await service.connect('busy-after-start');
    const closed = jest.fn();
    redis.on('close', closed);
    // The command's own timeout may refuse this one answer; the connection must survive it.
    const answer = redis.ping().catch((e: Error) => e.message);
    busy(COMMAND_TIMEOUT_MS * 3);
    expect(['PONG', 'Command timed out']).toContain(await answer);
    await expect(redis.ping()).resolves.toBe('PONG');
    expect({ closed: closed.mock.calls.length, reachable: service.reachable }).toEqual({ closed: 0, reachable: true });
  });

  it('bounds every command by the command timeout once started, connections made before and after', async () => {
    const before = await service.connect('before-start');
    service.onApplicationBootstrap();
    const after = await service.connect('after-start');
    for (const redis of [before, after]) {
      expect(redis.options.commandTimeout).toBe(COMMAND_TIMEOUT_MS);
      expect(redis.options.socketTimeout).toBeLessThan(COMMAND_TIMEOUT_MS);
    }
  });
});
